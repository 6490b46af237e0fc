import Foundation
import Testing

@testable import Dashboard

/// Thumbnails that redirect, and thumbnails that never end. A redirect is followed only on an
/// origin the market's own image URLs named, at most twice; a sink on another port of the same
/// loopback address must receive nothing. A body past the cap is cut off.
@Suite(.timeLimit(.minutes(3)))
struct HostileImageTests {
    static let photo = ImageFixtures.png(5000)

    @Test func thumbnailRedirects_stayOnTheMarketsImageHosts_andEndlessImagesBecomeThePlaceholder() async throws {
        let sink = try HostileMarket { _ in HostileMarket.answer(status: 200, headers: [("Content-Type", "image/png")], body: Self.photo) }
        defer { sink.stop() }
        let sinkURL = sink.baseURL
        let names = ["good", "one-hop", "two-hops", "three-hops", "to-sink", "to-sink-late", "endless"]
        let upstream = try HostileMarket { request in
            let base = "http://127.0.0.1:\(URLComponents(string: "http://\(request.headers["host"] ?? "")")?.port ?? 0)"
            switch request.target {
            case "/img/good": return HostileMarket.answer(status: 200, headers: [("Content-Type", "image/png")], body: Self.photo)
            case "/img/one-hop": return HostileMarket.redirect(to: base + "/img/good")
            case "/img/two-hops": return HostileMarket.redirect(307, to: "/img/one-hop")
            case "/img/three-hops": return HostileMarket.redirect(to: "/img/two-hops")
            case "/img/to-sink": return HostileMarket.redirect(to: sinkURL + "/img/good")
            case "/img/to-sink-late": return HostileMarket.redirect(to: "/img/to-sink")
            case "/img/endless": return HostileMarket.endless(contentType: "image/png", prefix: "\u{89}PNG", fill: 0x41)
            default:
                let items = names.enumerated().map { index, name in
                    HostileMarket.item(id: "\(index + 1)", thumbnail: base + "/img/" + name)
                }
                return HostileMarket.json(HostileMarket.list(items: items))
            }
        }
        defer { upstream.stop() }
        try await withDashboard(.hostile(upstream), adjust: { configuration in
            // Started as with `--upstream URL` alone: no credentials.
            configuration.identifier = nil
            configuration.secret = nil
        }) { dash in
            #expect(try await dash.get("/products").status == 200)
            let placeholder = try [UInt8](Data(contentsOf: DashboardHarness.checkout.appendingPathComponent("Public/images/placeholder.png")))
            var served: [String: Bool] = [:]
            for name in names {
                let url = try #require(URL(string: upstream.baseURL + "/img/" + name))
                let image = try await dash.get("/images/\(ImageURLRegistry.key(for: url))")
                #expect(image.status == 200, "\(name)")
                #expect(image.body == Self.photo || image.body == placeholder, "\(name)")
                served[name] = image.body == Self.photo
            }
            #expect(served == [
                "good": true, "one-hop": true, "two-hops": true, "three-hops": false,
                "to-sink": false, "to-sink-late": false, "endless": false,
            ])
            #expect(try await dash.get("/products").status == 200)
        }
        #expect(sink.received.isEmpty)
    }

    @Test(arguments: [
        ("127.0.0.1", true), ("127.8.9.10", true), ("10.1.2.3", true), ("172.16.0.1", true), ("172.31.255.255", true),
        ("192.168.1.1", true), ("169.254.169.254", true), ("100.64.0.1", true), ("0.0.0.0", true),
        ("localhost", true), ("api.localhost", true), ("[::1]", true), ("[fe80::1]", true), ("[fd00::5]", true),
        ("[::ffff:127.0.0.1]", true), ("[::]", true),
        ("8.8.8.8", false), ("172.32.0.1", false), ("100.128.0.1", false), ("s3.amazonaws.com", false),
        ("[2606:4700::1111]", false), ("[::ffff:8.8.8.8]", false),
    ])
    func localAddressesAreRecognised(host: String, isLocal: Bool) {
        #expect(ImageRedirectRule.isLocalAddress(host) == isLocal)
    }

    /// A market on the internet may not send the dashboard to a local address, even one it named.
    @Test func aPublicMarketsImagesMayNotRedirectToALocalAddress() throws {
        let registry = ImageURLRegistry()
        registry.register(try #require(URL(string: "http://169.254.169.254/latest/meta-data")))
        registry.register(try #require(URL(string: "https://cdn.example.com/a.jpg")))
        let publicMarket = ImageRedirectRule(registry: registry, marketURL: try #require(URL(string: "https://openmarket.example.com")))
        #expect(!publicMarket.allows(try #require(URL(string: "http://169.254.169.254/latest/meta-data/iam"))))
        #expect(publicMarket.allows(try #require(URL(string: "https://cdn.example.com/b.jpg"))))
        #expect(!publicMarket.allows(try #require(URL(string: "http://cdn.example.com/b.jpg"))))
        #expect(!publicMarket.allows(try #require(URL(string: "https://cdn.example.com:8443/b.jpg"))))
        let localMarket = ImageRedirectRule(registry: registry, marketURL: try #require(URL(string: "http://127.0.0.1:8081")))
        #expect(localMarket.allows(try #require(URL(string: "http://169.254.169.254/other"))))
    }
}
