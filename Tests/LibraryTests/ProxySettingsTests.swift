import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("ProxySettings")
struct ProxySettingsTests {
    typealias Server = ProxySettings.Server

    static func proxy(_ environment: [String: String], scheme: String = "https", host: String = "api.tvmaze.com")
        -> Server?
    {
        ProxySettings(environment: environment).proxy(scheme: scheme, host: host)
    }

    // MARK: Which variable

    @Test("https URLs use HTTPS_PROXY and http URLs use HTTP_PROXY")
    func variableFollowsScheme() {
        let environment = ["HTTPS_PROXY": "http://secure:3128", "HTTP_PROXY": "http://plain:8080"]
        #expect(Self.proxy(environment, scheme: "https")?.host == "secure")
        #expect(Self.proxy(environment, scheme: "http")?.host == "plain")
        #expect(Self.proxy(["HTTP_PROXY": "http://plain:8080"], scheme: "https") == nil)
        #expect(Self.proxy(["HTTPS_PROXY": "http://secure:3128"], scheme: "http") == nil)
        #expect(Self.proxy([:], scheme: "https") == nil)
    }

    @Test("lower-case names win over upper-case ones")
    func lowerCaseWins() {
        let environment = [
            "https_proxy": "lower-secure:1", "HTTPS_PROXY": "upper-secure:2",
            "http_proxy": "lower-plain:3", "HTTP_PROXY": "upper-plain:4",
        ]
        #expect(Self.proxy(environment, scheme: "https") == Server(host: "lower-secure", port: 1))
        #expect(Self.proxy(environment, scheme: "http") == Server(host: "lower-plain", port: 3))
        #expect(Self.proxy(["HTTP_PROXY": "upper-plain:4"], scheme: "http") == Server(host: "upper-plain", port: 4))
    }

    @Test("an empty variable counts as unset")
    func emptyVariableIsUnset() {
        #expect(Self.proxy(["https_proxy": "", "HTTPS_PROXY": "upper:2"]) == Server(host: "upper", port: 2))
        #expect(Self.proxy(["HTTPS_PROXY": ""]) == nil)
    }

    // MARK: Parsing the proxy URL

    @Test(
        "a proxy without a port gets its scheme's default port",
        arguments: [
            ("http://proxy", 80), ("https://proxy", 443), ("proxy", 1080), ("HTTP://proxy", 80),
            ("http://proxy/", 80), ("http://proxy:3128", 3128), ("proxy:8080", 8080),
        ]
    )
    func defaultPorts(value: String, port: Int) {
        #expect(Self.proxy(["HTTPS_PROXY": value]) == Server(host: "proxy", port: port))
    }

    @Test("credentials are percent-decoded and split at the first colon")
    func credentials() {
        let server = Self.proxy(["HTTPS_PROXY": "http://alice:p%40ss%3Aword@proxy.local:3128/"])
        #expect(server?.host == "proxy.local")
        #expect(server?.port == 3128)
        #expect(server?.credentials == "alice:p@ss:word")
        #expect(server?.username == "alice")
        #expect(server?.password == "p@ss:word")
        let noPassword = Self.proxy(["HTTPS_PROXY": "http://bob@proxy:1"])
        #expect(noPassword?.username == "bob")
        #expect(noPassword?.password == "")
        #expect(Self.proxy(["HTTPS_PROXY": "http://proxy:1"])?.credentials == nil)
        #expect(Self.proxy(["HTTPS_PROXY": "http://proxy:1"])?.username == nil)
    }

    // Regression: "http://@proxy" gave empty credentials, and the transport indexed the first of zero parts
    // (a crash); ":secret" sent the password as the user name.
    @Test("empty credentials are none, and an empty user name keeps the password")
    func emptyCredentials() {
        #expect(Self.proxy(["HTTPS_PROXY": "http://@proxy:1"]) == Server(host: "proxy", port: 1))
        let passwordOnly = Self.proxy(["HTTPS_PROXY": "http://:secret@proxy:1"])
        #expect(passwordOnly?.username == "")
        #expect(passwordOnly?.password == "secret")
    }

    // Regression: "http://[::1]:3128" gave the host "[::1]", which no resolver accepts.
    @Test("an IPv6 proxy address loses its brackets")
    func ipv6Proxy() {
        #expect(Self.proxy(["HTTPS_PROXY": "http://[::1]:3128"]) == Server(host: "::1", port: 3128))
        #expect(Self.proxy(["HTTPS_PROXY": "http://[fe80::1]"]) == Server(host: "fe80::1", port: 80))
    }

    @Test("a proxy value without a host is no proxy")
    func hostless() {
        #expect(Self.proxy(["HTTPS_PROXY": "http://:3128"]) == nil)
        #expect(Self.proxy(["HTTPS_PROXY": "http://"]) == nil)
    }

    // MARK: NO_PROXY

    static func bypasses(_ noProxy: String, _ host: String) -> Bool {
        ProxySettings(environment: ["NO_PROXY": noProxy]).bypasses(host: host)
    }

    @Test("NO_PROXY=* exempts every host")
    func star() {
        #expect(Self.bypasses("*", "api.tvmaze.com"))
        #expect(Self.bypasses("localhost, * ", "127.0.0.1"))
        #expect(Self.proxy(["HTTPS_PROXY": "proxy:1", "NO_PROXY": "*"]) == nil)
    }

    @Test("a domain with or without a leading dot exempts the domain and its subdomains")
    func domainSuffixes() {
        for entry in [".example.com", "example.com", "EXAMPLE.com"] {
            #expect(Self.bypasses(entry, "example.com"))
            #expect(Self.bypasses(entry, "api.example.com"))
            #expect(Self.bypasses(entry, "a.b.Example.COM"))
            #expect(!Self.bypasses(entry, "badexample.com"))
            #expect(!Self.bypasses(entry, "example.com.evil.org"))
            #expect(!Self.bypasses(entry, "example.org"))
        }
    }

    @Test("an entry with a port matches its host on any port")
    func entryWithPort() {
        #expect(Self.bypasses("example.com:8080", "example.com"))
        #expect(Self.bypasses("localhost:3000", "localhost"))
        #expect(!Self.bypasses("example.com:8080", "other.com"))
    }

    // Regression: a bracketed entry ("[::1]", "[::1]:8080") was compared with its brackets and never matched.
    @Test("IPv6 entries match with or without brackets and ports")
    func ipv6Entries() {
        for entry in ["::1", "[::1]", "[::1]:8080"] {
            #expect(Self.bypasses(entry, "::1"))
            #expect(Self.bypasses(entry, "[::1]"))
            #expect(!Self.bypasses(entry, "::2"))
        }
    }

    @Test("spaces around entries and empty entries are ignored")
    func spacesAndEmptyEntries() {
        #expect(Self.bypasses(" foo.org ,  example.com ", "api.example.com"))
        #expect(Self.bypasses(",,example.com,", "example.com"))
        #expect(!Self.bypasses(" , ,", "example.com"))
        #expect(!Self.bypasses(".", "example.com"))
        #expect(!Self.bypasses("", "example.com"))
    }

    @Test("lower-case no_proxy wins over NO_PROXY")
    func lowerCaseNoProxyWins() {
        let settings = ProxySettings(environment: ["no_proxy": "a.org", "NO_PROXY": "b.org"])
        #expect(settings.bypasses(host: "a.org"))
        #expect(!settings.bypasses(host: "b.org"))
    }

    @Test("an exempt host connects directly, others through the proxy")
    func proxyHonoursNoProxy() {
        let environment = ["HTTPS_PROXY": "proxy:3128", "NO_PROXY": "localhost,.internal"]
        #expect(Self.proxy(environment, host: "localhost") == nil)
        #expect(Self.proxy(environment, host: "api.internal") == nil)
        #expect(Self.proxy(environment, host: "api.tvmaze.com") == Server(host: "proxy", port: 3128))
    }
}
