<?php
// PHP's SoapServer answering the ASMX contract recorded from Mono
// (test/fixtures/dataset/mono/DataService.wsdl) for test/interop/php.test.ts, run with
// `php -S 127.0.0.1:PORT router.php` (env WSDL: the contract's path; BASIC_AUTH=user:password
// requires those Basic credentials under /secure/). WhoAmI reads the
// typed AuthHeader and answers with a TraceHeader; Visit counts calls in a PHP
// session (PHPSESSID cookie); BasicUser reports the Basic user name; Fail throws a
// SoapFault with a detail. GET ?wsdl serves the contract.
ini_set('soap.wsdl_cache_enabled', '0');
ini_set('session.use_strict_mode', '0');

$wsdl = getenv('WSDL');
// Basic authentication under /secure/ (RFC 7617): BASIC_AUTH is "user:password".
$basic = getenv('BASIC_AUTH');
if ($basic !== false && str_starts_with($_SERVER['REQUEST_URI'], '/secure/')
    && ($_SERVER['PHP_AUTH_USER'] ?? '') . ':' . ($_SERVER['PHP_AUTH_PW'] ?? '') !== $basic) {
    http_response_code(401);
    header('WWW-Authenticate: Basic realm="php"');
    return true;
}
if ($_SERVER['REQUEST_METHOD'] === 'GET') {
    header('Content-Type: text/xml; charset=utf-8');
    readfile($wsdl);
    return true;
}

class DataService
{
    private $auth = null;
    private $server;

    public function __construct($server) { $this->server = $server; }

    /** The header handler: SoapServer calls the method named after the header element. */
    public function AuthHeader($header) { $this->auth = $header; }

    public function WhoAmI($in)
    {
        if ($this->auth === null) throw new SoapFault('Client', 'AuthHeader required');
        $ns = 'http://wsdlc.test/asmx/';
        $this->server->addSoapHeader(new SoapHeader($ns, 'TraceHeader', ['RequestId' => 'php-' . $this->auth->User]));
        return ['WhoAmIResult' => $this->auth->User . '/' . $this->auth->Level];
    }

    public function Visit($in)
    {
        session_start();
        $_SESSION['visits'] = ($_SESSION['visits'] ?? 0) + 1;
        return ['VisitResult' => $_SESSION['visits']];
    }

    public function BasicUser($in)
    {
        return ['BasicUserResult' => $_SERVER['PHP_AUTH_USER'] ?? ''];
    }

    public function Fail($in)
    {
        throw new SoapFault('Client', 'refused: ' . $in->reason, null, 'stock=0');
    }
}

$server = new SoapServer($wsdl, ['cache_wsdl' => WSDL_CACHE_NONE]);
$server->setObject(new DataService($server));
$server->handle();
