// Drives the proxies that Mono's `wsdl` tool generates from the ASMX contract recorded
// from Mono (test/fixtures/dataset/mono/DataService.wsdl; namespace Asmx11: -protocol:SOAP,
// Asmx12: -protocol:SOAP12) against the URL given, and prints what ADO.NET read, for
// test/interop/mono-wsdl.test.ts (run with TZ=UTC; invariant culture):
//   <binding> table <name> <column>:<.NET type> ...     (GetCustomers: a DataSet)
//   <binding> row <table> <value>|<value>|...            (DBNull as "null")
//   <binding> datatable <name> <rows>                   (GetOrders: a DataTable)
//   <binding> whoami <result>                            (WhoAmI with the typed AuthHeader)
using System;
using System.Data;
using System.Globalization;
using System.Text;

public static class DataSetDriver
{
    public static int Main(string[] args)
    {
        CultureInfo.DefaultThreadCurrentCulture = CultureInfo.InvariantCulture;
        System.Threading.Thread.CurrentThread.CurrentCulture = CultureInfo.InvariantCulture;
        string url = args[0];

        var p11 = new Asmx11.DataService();
        p11.Url = url;
        Print("soap11", p11.GetCustomers("DE"));
        PrintTable("soap11", p11.GetOrders(7));
        p11.AuthHeaderValue = new Asmx11.AuthHeader();
        p11.AuthHeaderValue.User = "zoë";
        p11.AuthHeaderValue.Level = 3;
        Console.WriteLine("soap11 whoami " + p11.WhoAmI());

        var p12 = new Asmx12.DataService();
        p12.Url = url;
        Print("soap12", p12.GetCustomers("DE"));
        PrintTable("soap12", p12.GetOrders(7));
        p12.AuthHeaderValue = new Asmx12.AuthHeader();
        p12.AuthHeaderValue.User = "zoë";
        p12.AuthHeaderValue.Level = 3;
        Console.WriteLine("soap12 whoami " + p12.WhoAmI());
        return 0;
    }

    private static void Print(string binding, DataSet ds)
    {
        Console.WriteLine(binding + " dataset " + ds.DataSetName);
        foreach (DataTable t in ds.Tables) Rows(binding, t);
    }

    private static void PrintTable(string binding, DataTable t)
    {
        Console.WriteLine(binding + " datatable " + t.TableName + " " + t.Rows.Count);
        Rows(binding, t);
    }

    private static void Rows(string binding, DataTable t)
    {
        var head = new StringBuilder(binding + " table " + t.TableName);
        foreach (DataColumn c in t.Columns) head.Append(" " + c.ColumnName + ":" + c.DataType.Name);
        Console.WriteLine(head);
        foreach (DataRow r in t.Rows)
        {
            var line = new StringBuilder(binding + " row " + t.TableName + " ");
            for (int i = 0; i < t.Columns.Count; i++)
            {
                if (i > 0) line.Append('|');
                object v = r[i];
                if (v is DBNull) line.Append("null");
                else if (v is DateTime) line.Append(((DateTime)v).ToUniversalTime().ToString("yyyy-MM-ddTHH:mm:ssZ", CultureInfo.InvariantCulture));
                else line.Append(Convert.ToString(v, CultureInfo.InvariantCulture));
            }
            Console.WriteLine(line);
        }
    }
}
