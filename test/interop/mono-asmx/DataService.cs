// The ASMX service of test/interop/mono-asmx.test.ts, compiled into bin/DataService.dll:
// a DataSet (two tables) and a DataTable with typed columns and DBNull values, a
// method with an ASP.NET session (EnableSession), one reading a typed SOAP header
// (SoapHeader attribute, In and Out), one that reports the Basic credentials the
// host checked (Host.cs answers 401 under /secure/ without them), and a SoapException.
using System;
using System.Data;
using System.Text;
using System.Web.Services;
using System.Web.Services.Protocols;

/// <summary>The typed SOAP header of WhoAmI.</summary>
public class AuthHeader : SoapHeader
{
    public string User;
    public int Level;
}

/// <summary>Sent back by WhoAmI as an output header.</summary>
public class TraceHeader : SoapHeader
{
    public string RequestId;
}

[WebService(Namespace = "http://wsdlc.test/asmx/")]
public class DataService : WebService
{
    public AuthHeader Auth;
    public TraceHeader Trace;

    private static DataTable Customers()
    {
        var t = new DataTable("Customers");
        t.Columns.Add("Id", typeof(int));
        t.Columns.Add("Name", typeof(string));
        t.Columns.Add("Balance", typeof(decimal));
        t.Columns.Add("Since", typeof(DateTime)).DateTimeMode = DataSetDateTime.Utc;
        t.Columns.Add("Active", typeof(bool));
        t.Columns.Add("Score", typeof(double));
        t.Rows.Add(1, "Ada", 1234.56m, new DateTime(2019, 2, 28, 23, 0, 0, DateTimeKind.Utc), true, 0.5);
        t.Rows.Add(2, "Bob", DBNull.Value, DBNull.Value, false, DBNull.Value);
        t.Rows.Add(3, "Zoë", -0.01m, new DateTime(2024, 12, 31, 12, 30, 45, DateTimeKind.Utc), DBNull.Value, -2.25);
        return t;
    }

    /// <summary>A DataSet of two tables; rows filtered by country ("" for all).</summary>
    [WebMethod]
    public DataSet GetCustomers(string country)
    {
        var ds = new DataSet("Shop");
        var customers = Customers();
        ds.Tables.Add(customers);
        var countries = new DataTable("Countries");
        countries.Columns.Add("Code", typeof(string));
        countries.Columns.Add("Rate", typeof(decimal));
        countries.Rows.Add(country == null || country == "" ? "FR" : country, 0.2m);
        ds.Tables.Add(countries);
        // As if loaded from a database, then one row edited: the diffgram carries the
        // original in diffgr:before and the current values in the row.
        ds.AcceptChanges();
        customers.Rows[0]["Name"] = "Ada & Co <Ltd>";
        return ds;
    }

    /// <summary>A DataTable: the orders of a customer.</summary>
    [WebMethod]
    public DataTable GetOrders(int customerId)
    {
        var t = new DataTable("Orders");
        t.Columns.Add("OrderId", typeof(int));
        t.Columns.Add("Placed", typeof(DateTime)).DateTimeMode = DataSetDateTime.Utc;
        t.Columns.Add("Total", typeof(decimal));
        t.Columns.Add("Note", typeof(string));
        t.Rows.Add(customerId * 1000 + 1, new DateTime(1996, 7, 4, 0, 0, 0, DateTimeKind.Utc), 32.38m, "");
        t.Rows.Add(customerId * 1000 + 2, new DateTime(1996, 7, 5, 0, 0, 0, DateTimeKind.Utc), 11.61m, DBNull.Value);
        return t;
    }

    /// <summary>Counts the calls of this ASP.NET session.</summary>
    [WebMethod(EnableSession = true)]
    public int Visit()
    {
        object n = Session["visits"];
        int visits = n == null ? 1 : (int)n + 1;
        Session["visits"] = visits;
        return visits;
    }

    /// <summary>Reads the typed AuthHeader; answers with a TraceHeader.</summary>
    [WebMethod]
    [SoapHeader("Auth", Direction = SoapHeaderDirection.In)]
    [SoapHeader("Trace", Direction = SoapHeaderDirection.Out)]
    public string WhoAmI()
    {
        if (Auth == null) throw new SoapException("AuthHeader required", SoapException.ClientFaultCode);
        Trace = new TraceHeader();
        Trace.RequestId = "req-" + Auth.User;
        return Auth.User + "/" + Auth.Level;
    }

    /// <summary>The Basic user name the host accepted.</summary>
    [WebMethod]
    public string BasicUser()
    {
        string h = Context.Request.Headers["Authorization"];
        if (h == null || !h.StartsWith("Basic ")) return "";
        string decoded = Encoding.UTF8.GetString(Convert.FromBase64String(h.Substring(6)));
        return decoded.Substring(0, decoded.IndexOf(':'));
    }

    /// <summary>Always fails with a Client fault.</summary>
    [WebMethod]
    public int Fail(string reason)
    {
        throw new SoapException("refused: " + reason, SoapException.ClientFaultCode);
    }
}
