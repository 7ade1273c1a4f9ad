// Drives the proxies that Mono's `wsdl` tool generates from wsdl/auth.wsdl (namespace
// Soap11: -protocol:SOAP, Soap12: -protocol:SOAP12) against the URL given, and prints
// one line per call for test/interop/mono-wsdl.test.ts:
//   <binding> login <ServiceTicket> | logout <ServiceTicket> | fault <code> <subcode> <message>
using System;
using System.Web.Services.Protocols;

public static class AuthDriver
{
    public static int Main(string[] args)
    {
        string url = args[0];
        var p11 = new Soap11.Auth();
        p11.Url = url;
        Console.WriteLine("soap11 login " + p11.Login(args[1], "pw").ServiceTicket);
        Console.WriteLine("soap11 logout " + p11.Logout("ticket-" + args[1]).ServiceTicket);
        try { p11.Login(args[1], "wrong"); Console.WriteLine("soap11 no fault"); }
        catch (SoapException e) { Console.WriteLine("soap11 fault " + Describe(e)); }

        var p12 = new Soap12.Auth();
        p12.Url = url;
        Console.WriteLine("soap12 login " + p12.Login(args[1], "pw").ServiceTicket);
        Console.WriteLine("soap12 logout " + p12.Logout("ticket-" + args[1]).ServiceTicket);
        try { p12.Login(args[1], "wrong"); Console.WriteLine("soap12 no fault"); }
        catch (SoapException e) { Console.WriteLine("soap12 fault " + Describe(e)); }
        return 0;
    }

    private static string Describe(SoapException e)
    {
        string sub = e.SubCode == null ? "-" : "{" + e.SubCode.Code.Namespace + "}" + e.SubCode.Code.Name;
        return "{" + e.Code.Namespace + "}" + e.Code.Name + " " + sub + " " + e.Message;
    }
}
