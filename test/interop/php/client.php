<?php
// PHP's SoapClient against the generated servers, for test/interop/php.test.ts.
// Usage: php client.php <scenario> <WSDL URL> <service URL> <soap version 11|12> [user password]
// Prints one JSON object: what each call returned, or the SoapFault it raised.
//   auth:   Login, Logout, then Login with a wrong password (the Auth contract), with
//           Basic credentials when user and password are given (options login/password);
//   header: WhoAmI of the ASMX contract with a typed AuthHeader (__setSoapHeaders), then
//           without it (the server answers a Client fault).
ini_set('soap.wsdl_cache_enabled', '0');
[$script, $scenario, $wsdl, $url, $version] = $argv;
$options = [
    'soap_version' => $version === '12' ? SOAP_1_2 : SOAP_1_1,
    'cache_wsdl' => WSDL_CACHE_NONE,
    'exceptions' => true,
    'trace' => true,
    'location' => $url,
];
if (isset($argv[5])) {
    $options['login'] = $argv[5];
    $options['password'] = $argv[6];
}

function fault(SoapFault $f): array
{
    return ['faultcode' => $f->faultcode, 'faultstring' => $f->faultstring];
}

$out = [];
try {
    $client = new SoapClient($wsdl, $options);
    if ($scenario === 'auth') {
        $out['login'] = $client->Login(['Username' => 'php', 'Password' => 'pw'])->LoginResult->ServiceTicket;
        $out['logout'] = $client->Logout(['ServiceTicket' => 'ticket-php'])->LogoutResult->ServiceTicket;
        try {
            $client->Login(['Username' => 'php', 'Password' => 'wrong']);
            $out['fault'] = null;
        } catch (SoapFault $f) {
            $out['fault'] = fault($f);
        }
    } elseif ($scenario === 'header') {
        $ns = 'http://wsdlc.test/asmx/';
        $client->__setSoapHeaders([new SoapHeader($ns, 'AuthHeader', ['User' => 'zoë', 'Level' => 3])]);
        $out['whoami'] = $client->WhoAmI([])->WhoAmIResult;
        $out['request'] = $client->__getLastRequest();
        $client->__setSoapHeaders(null);
        try {
            $client->WhoAmI([]);
            $out['fault'] = null;
        } catch (SoapFault $f) {
            $out['fault'] = fault($f);
        }
    }
    $out['contentType'] = preg_match('/^Content-Type: (.*)$/mi', $client->__getLastRequestHeaders(), $m) ? trim($m[1]) : null;
} catch (SoapFault $f) {
    $out['error'] = fault($f);
}
echo json_encode($out, JSON_UNESCAPED_UNICODE), "\n";
