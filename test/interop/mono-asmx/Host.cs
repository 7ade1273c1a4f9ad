// A minimal ASP.NET host for Mono (xsp4 is broken on Debian): an HttpListener on
// 127.0.0.1 hands each request to HttpRuntime.ProcessRequest through a
// SimpleWorkerRequest subclass that carries the method, headers and body, so that
// Mono's System.Web.Services serves the .asmx files of the application directory.
//
// Usage: mono bin/Host.exe <application directory>; HOST_BASIC_AUTH=user:password
// requires those Basic credentials under /secure/.
// Prints "listening http://127.0.0.1:<port>/" once it serves; stops when stdin closes.
using System;
using System.Collections.Generic;
using System.IO;
using System.Net;
using System.Net.Sockets;
using System.Text;
using System.Threading;
using System.Web;
using System.Web.Hosting;

public static class Program
{
    public static int Main(string[] args)
    {
        string dir = Path.GetFullPath(args[0]);
        var host = (AspHost)ApplicationHost.CreateApplicationHost(typeof(AspHost), "/", dir);
        int port = host.Start();
        Console.WriteLine("listening http://127.0.0.1:" + port + "/");
        Console.Out.Flush();
        // The test closes stdin (or is gone) to stop the host.
        while (Console.In.ReadLine() != null) { }
        host.Stop();
        return 0;
    }
}

/// <summary>Runs in the ASP.NET application domain: listens and dispatches.</summary>
public class AspHost : MarshalByRefObject
{
    private HttpListener listener;

    public override object InitializeLifetimeService() { return null; }

    /// <summary>Starts listening on a free loopback port; returns it.</summary>
    public int Start()
    {
        for (int attempt = 0; ; attempt++)
        {
            var probe = new TcpListener(IPAddress.Loopback, 0);
            probe.Start();
            int port = ((IPEndPoint)probe.LocalEndpoint).Port;
            probe.Stop();
            listener = new HttpListener();
            listener.Prefixes.Add("http://127.0.0.1:" + port + "/");
            try
            {
                listener.Start();
            }
            catch (HttpListenerException)
            {
                if (attempt > 20) throw;
                continue;
            }
            var t = new Thread(Loop);
            t.IsBackground = true;
            t.Start();
            return port;
        }
    }

    public void Stop() { listener.Stop(); }

    private void Loop()
    {
        while (listener.IsListening)
        {
            HttpListenerContext ctx;
            try { ctx = listener.GetContext(); }
            catch (Exception) { return; }
            ThreadPool.QueueUserWorkItem(_ => Serve(ctx));
        }
    }

    private static void Serve(HttpListenerContext ctx)
    {
        try
        {
            // Basic authentication in front of the application, as IIS does it (RFC 7617):
            // under /secure/ a request without the credentials of HOST_BASIC_AUTH gets 401.
            string basic = Environment.GetEnvironmentVariable("HOST_BASIC_AUTH");
            if (basic != null && ctx.Request.Url.AbsolutePath.StartsWith("/secure/")
                && ctx.Request.Headers["Authorization"] != "Basic " + Convert.ToBase64String(Encoding.UTF8.GetBytes(basic)))
            {
                ctx.Response.StatusCode = 401;
                ctx.Response.AddHeader("WWW-Authenticate", "Basic realm=\"asmx\"");
                ctx.Response.Close();
                return;
            }
            var wr = new ListenerWorkerRequest(ctx);
            HttpRuntime.ProcessRequest(wr);
            wr.Done.WaitOne(30000);
            ctx.Response.Close();
        }
        catch (Exception e)
        {
            Console.Error.WriteLine(e);
            try { ctx.Response.StatusCode = 500; ctx.Response.Close(); } catch (Exception) { }
        }
    }
}

/// <summary>A worker request over an HttpListenerContext: method, headers, body in; status, headers, body out.</summary>
public class ListenerWorkerRequest : SimpleWorkerRequest
{
    private readonly HttpListenerContext ctx;
    private readonly byte[] body;
    private readonly MemoryStream output = new MemoryStream();
    private readonly List<KeyValuePair<string, string>> headers = new List<KeyValuePair<string, string>>();
    private int status = 200;
    private string statusText = "OK";
    /// <summary>Set once ASP.NET has ended the request.</summary>
    public readonly ManualResetEvent Done = new ManualResetEvent(false);

    public ListenerWorkerRequest(HttpListenerContext ctx)
        : base(ctx.Request.Url.AbsolutePath.TrimStart('/'), ctx.Request.Url.Query.TrimStart('?'), TextWriter.Null)
    {
        this.ctx = ctx;
        var ms = new MemoryStream();
        if (ctx.Request.HasEntityBody) ctx.Request.InputStream.CopyTo(ms);
        body = ms.ToArray();
    }

    public override string GetHttpVerbName() { return ctx.Request.HttpMethod; }
    public override string GetHttpVersion() { return "HTTP/1.1"; }
    public override string GetRawUrl() { return ctx.Request.RawUrl; }
    public override string GetUriPath() { return ctx.Request.Url.AbsolutePath; }

    // The file is the path up to the first ".asmx" segment, the path info what follows
    // (/secure/DataService.asmx/BasicUser); SimpleWorkerRequest splits at the first '/'.
    private int FileEnd()
    {
        string p = ctx.Request.Url.AbsolutePath;
        int i = p.IndexOf(".asmx", StringComparison.OrdinalIgnoreCase);
        return i < 0 ? p.Length : i + 5;
    }

    public override string GetFilePath() { return ctx.Request.Url.AbsolutePath.Substring(0, FileEnd()); }
    public override string GetPathInfo() { return ctx.Request.Url.AbsolutePath.Substring(FileEnd()); }

    public override string GetFilePathTranslated()
    {
        return Path.Combine(GetAppPathTranslated(), GetFilePath().TrimStart('/').Replace('/', Path.DirectorySeparatorChar));
    }
    public override string GetQueryString() { return ctx.Request.Url.Query.TrimStart('?'); }
    public override string GetRemoteAddress() { return ctx.Request.RemoteEndPoint.Address.ToString(); }
    public override int GetRemotePort() { return ctx.Request.RemoteEndPoint.Port; }
    public override string GetLocalAddress() { return ctx.Request.LocalEndPoint.Address.ToString(); }
    public override int GetLocalPort() { return ctx.Request.LocalEndPoint.Port; }
    public override string GetServerName() { return "127.0.0.1"; }

    public override string GetKnownRequestHeader(int index)
    {
        return ctx.Request.Headers[GetKnownRequestHeaderName(index)];
    }

    public override string GetUnknownRequestHeader(string name) { return ctx.Request.Headers[name]; }

    public override string[][] GetUnknownRequestHeaders()
    {
        var list = new List<string[]>();
        foreach (string name in ctx.Request.Headers.AllKeys)
            if (GetKnownRequestHeaderIndex(name) < 0) list.Add(new[] { name, ctx.Request.Headers[name] });
        return list.ToArray();
    }

    public override byte[] GetPreloadedEntityBody() { return body; }
    public override int GetPreloadedEntityBodyLength() { return body.Length; }
    public override int GetTotalEntityBodyLength() { return body.Length; }
    public override bool IsEntireEntityBodyIsPreloaded() { return true; }
    public override int ReadEntityBody(byte[] buffer, int size) { return 0; }

    public override void SendStatus(int statusCode, string statusDescription)
    {
        status = statusCode;
        statusText = statusDescription;
    }

    public override void SendKnownResponseHeader(int index, string value)
    {
        headers.Add(new KeyValuePair<string, string>(GetKnownResponseHeaderName(index), value));
    }

    public override void SendUnknownResponseHeader(string name, string value)
    {
        headers.Add(new KeyValuePair<string, string>(name, value));
    }

    public override void SendResponseFromMemory(byte[] data, int length) { output.Write(data, 0, length); }

    public override void SendResponseFromFile(string filename, long offset, long length)
    {
        using (var f = File.OpenRead(filename))
        {
            f.Seek(offset, SeekOrigin.Begin);
            var buf = new byte[length];
            int n = f.Read(buf, 0, buf.Length);
            output.Write(buf, 0, n);
        }
    }

    public override void FlushResponse(bool finalFlush) { }

    public override void EndOfRequest()
    {
        var res = ctx.Response;
        res.StatusCode = status;
        res.StatusDescription = statusText;
        foreach (var h in headers)
        {
            string name = h.Key;
            if (string.Equals(name, "Content-Length", StringComparison.OrdinalIgnoreCase)) continue;
            if (string.Equals(name, "Content-Type", StringComparison.OrdinalIgnoreCase)) res.ContentType = h.Value;
            else if (string.Equals(name, "Set-Cookie", StringComparison.OrdinalIgnoreCase)) res.Headers.Add("Set-Cookie", h.Value);
            else if (string.Equals(name, "Transfer-Encoding", StringComparison.OrdinalIgnoreCase)) continue;
            else if (string.Equals(name, "Connection", StringComparison.OrdinalIgnoreCase)) continue;
            else if (string.Equals(name, "Keep-Alive", StringComparison.OrdinalIgnoreCase)) continue;
            else res.Headers[name] = h.Value;
        }
        byte[] data = output.ToArray();
        res.ContentLength64 = data.Length;
        res.OutputStream.Write(data, 0, data.Length);
        Done.Set();
    }
}
