<%@ WebService Language="C#" Class="DataService" %>
