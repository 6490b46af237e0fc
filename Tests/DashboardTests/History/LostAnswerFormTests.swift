import Foundation
import MarketClient
import Testing

@testable import Dashboard
import DashboardEngine

/// A person's own register, edit and delete whose answer is lost: the market holds the write
/// past the write timeout (half a second), the page says the outcome is unknown, and the
/// market then carries the write out, or not, or something else changes the product. The
/// dashboard never sends the write again on its own; once the write's deadline has passed on
/// the clock the test moves, the history says what the check found, in English and in Korean.
@Suite struct LostAnswerFormTests {
    static let own = LiveShapedData.ownVendorID

    /// What the market does with a write it held after the dashboard gave up on its answer.
    enum Held: String, CaseIterable, Sendable {
        /// Carries it out.
        case applied
        /// Refuses it: nothing changes.
        case refused
    }

    /// A dashboard over a live-shaped market whose writes time out after half a second, on a
    /// clock the test moves; every write is held at the market's gate until the test lets it
    /// through.
    static func withHeldWrites(
        _ body: (DashboardHarness, ScriptedMarket, ManualWallClock, Gate) async throws -> Void
    ) async throws {
        let market = LiveShapedData.market()
        let clock = ManualWallClock()
        try await withDashboard(.liveShaped(market, vendorID: own), clock: clock, adjust: { $0.writeTimeout = .milliseconds(500) }) { harness in
            let writes = Gate()
            market.state.withLock { $0.writeGate = writes }
            try await body(harness, market, clock, writes)
        }
    }

    /// Lets the held writes through, carried out or refused, and waits until the market is
    /// done with them.
    static func release(_ writes: Gate, _ market: ScriptedMarket, _ held: Held, _ harness: DashboardHarness) async throws {
        // On a busy machine the held write may reach the market's gate after the dashboard
        // gave up on it: it is let go only once it waits there.
        #expect(try await eventually { writes.waiting > 0 })
        // The unknown outcome started a count at once: it ends before the market does the
        // write, so that the check, not that count, finds what became of it.
        await harness.app.catalog.countEnded()
        let refusal = MarketError.rejected(status: 400, message: "refused after all")
        if held == .refused {
            market.state.withLock { state in
                state.createFailure = refusal
                state.editFailure = refusal
                state.deleteFailure = refusal
            }
        }
        writes.open()
        #expect(try await eventually { market.state.withLock { $0.writesInProgress } == 0 })
        market.state.withLock { state in
            state.createFailure = nil
            state.editFailure = nil
            state.deleteFailure = nil
        }
    }

    /// The history entry of `kind`, as text, in English and in Korean.
    static func outcome(_ harness: DashboardHarness, _ kind: String) async throws -> (en: String, ko: String) {
        var texts: [String] = []
        for language in ["en", "ko"] {
            let page = try await harness.get("/history?lang=\(language)")
            let entry = try #require(HistoryHTML.entries(page.text).first { $0.kind == kind }, "no \(kind) entry (\(language))")
            texts.append(HTMLScan.text(entry.html))
        }
        return (texts[0], texts[1])
    }

    /// Moves the clock past the write's deadline, waits for the journal's check, and expects
    /// the write (its `method`) to have reached the market once: never sent again.
    static func check(
        _ harness: DashboardHarness, _ clock: ManualWallClock, _ market: ScriptedMarket, sentOnce method: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        harness.passWriteDeadlines(clock)
        await harness.settle()
        let sent = market.requests(method)
        #expect(sent.values.reduce(0, +) == 1, "\(method) sent once, never again: \(sent)", sourceLocation: sourceLocation)
    }

    /// The history's entry of `kind` says `en` in English and `ko` in Korean.
    static func expectHistory(
        _ harness: DashboardHarness, _ kind: String, says en: String, _ ko: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let shown = try await outcome(harness, kind)
        #expect(shown.en.contains(en), "\(shown.en)", sourceLocation: sourceLocation)
        #expect(shown.ko.contains(ko), "\(shown.ko)", sourceLocation: sourceLocation)
    }

    /// The history says what the check found: done when the market carried the write out, not
    /// done when it refused it.
    static func expectChecked(_ harness: DashboardHarness, _ kind: String, _ held: Held, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        switch held {
        case .applied:
            try await expectHistory(
                harness, kind, says: "Done: the market's answer was lost, and a check afterwards found the change made",
                "완료: 오픈마켓의 응답을 받지 못했지만 나중에 확인해 보니 반영되어 있었습니다", sourceLocation: sourceLocation)
        case .refused where kind == "create":
            // A registration not found says so, and where to add it again.
            try await expectHistory(
                harness, kind, says: "Not added: the market's answer was lost, and a check afterwards did not find the product. Add it again from Add product",
                "나중에 확인해 보니 상품이 등록되지 않았습니다. 필요하면 [상품 등록]에서 다시 등록해 주세요.", sourceLocation: sourceLocation)
        case .refused:
            // The way on names the seller's own action again.
            try await expectHistory(
                harness, kind, says: "Not done: the market's answer was lost, and a check afterwards found nothing changed",
                "반영 안 됨: 오픈마켓의 응답을 받지 못했고, 나중에 확인해 보니 수정된 것이 없었습니다. 필요하면 \(kind == "delete" ? "다시 삭제해" : "다시 수정해") 주세요.",
                sourceLocation: sourceLocation)
        }
    }

    static func postEdit(_ session: inout FormSession, stock: Int) async throws -> TestResponse {
        _ = try await session.open("/products/201/edit")
        return try await session.postURLEncoded("/products/201/edit", [
            ("name", "간식"), ("description", "간식"), ("price", "0"), ("discounted_price", "0"), ("stock", String(stock)), ("currency", "KRW"),
        ])
    }

    // MARK: Register

    @Test(arguments: Held.allCases) func aRegistrationWhoseAnswerIsLost_isCheckedNotSentAgain(held: Held) async throws {
        try await Self.withHeldWrites { harness, market, clock, writes in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new")
            let posted = try await session.post("/products", replacing(validProductFields, "name", with: "Lost kettle"), files: [.jpeg("1.jpg")])
            #expect(posted.status == 504)
            #expect(posted.text.contains("The product may not have been added"))
            let before = try await Self.outcome(harness, "create")
            #expect(before.en.contains("Outcome unknown") && before.en.contains("nothing is sent again"), "\(before.en)")

            try await Self.release(writes, market, held, harness)
            await Self.check(harness, clock, market, sentOnce: "POST")
            let made = market.state.withLock { state in state.products.values.filter { $0.name == "Lost kettle" }.map(\.id) }
            #expect(made.count == (held == .applied ? 1 : 0))
            try await Self.expectChecked(harness, "create", held)
        }
    }

    /// Another tool of the vendor registered the same product meanwhile: the check cannot
    /// tell which is this one, and says so, naming both.
    @Test func aRegistrationWhoseAnswerIsLost_foundTwice_isLeftToTheVendor() async throws {
        try await Self.withHeldWrites { harness, market, clock, writes in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new")
            let posted = try await session.post("/products", replacing(validProductFields, "name", with: "Twin kettle"), files: [.jpeg("1.jpg")])
            #expect(posted.status == 504)
            try await Self.release(writes, market, .applied, harness)
            let made = try #require(market.state.withLock { $0.products.values.first { $0.name == "Twin kettle" } })
            var twin = made
            twin.summary.id = 950
            market.add(twin)

            await Self.check(harness, clock, market, sentOnce: "POST")
            try await Self.expectHistory(
                harness, "create", says: "To check: the market's answer was lost, and it holds several products that may be this one (#\(made.id), #950)",
                "이 상품일 수 있는 상품이 여러 개 있습니다(#\(made.id), #950). 하나만 남기고 나머지는 삭제해 주세요.")
        }
    }

    // MARK: Edit

    @Test(arguments: Held.allCases) func anEditWhoseAnswerIsLost_isCheckedNotSentAgain(held: Held) async throws {
        try await Self.withHeldWrites { harness, market, clock, writes in
            var session = FormSession(port: harness.port)
            let posted = try await Self.postEdit(&session, stock: 9)
            #expect(posted.text.contains("Your changes may not have been saved"))

            try await Self.release(writes, market, held, harness)
            await Self.check(harness, clock, market, sentOnce: "PATCH")
            #expect(market.state.withLock { $0.products[201]?.stock } == (held == .applied ? 9 : 5))
            try await Self.expectChecked(harness, "edit", held)
        }
    }

    @Test func anEditWhoseAnswerIsLost_foundWithOtherValues_saysChangedElsewhere() async throws {
        try await Self.withHeldWrites { harness, market, clock, writes in
            var session = FormSession(port: harness.port)
            _ = try await Self.postEdit(&session, stock: 9)
            try await Self.release(writes, market, .refused, harness)
            market.state.withLock { $0.products[201]?.summary.stock = 40 }

            await Self.check(harness, clock, market, sentOnce: "PATCH")
            try await Self.expectHistory(
                harness, "edit", says: "Changed elsewhere: the market's answer was lost, and a check afterwards found other values",
                "다른 곳에서 수정됨: 오픈마켓의 응답을 받지 못했고, 나중에 확인해 보니 다른 값이 있었습니다")
        }
    }

    // MARK: Delete

    @Test(arguments: Held.allCases) func aDeleteWhoseAnswerIsLost_isCheckedNotSentAgain(held: Held) async throws {
        try await Self.withHeldWrites { harness, market, clock, writes in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/202/delete")
            // The delete path's look-up is answered; the DELETE itself is held.
            writes.admit(1)
            let posted = try await session.postURLEncoded("/products/202/delete", [])
            #expect(posted.status == 504)
            #expect(posted.text.contains("The product may not have been deleted"))

            try await Self.release(writes, market, held, harness)
            await Self.check(harness, clock, market, sentOnce: "DELETE")
            #expect((market.state.withLock { $0.products[202] } == nil) == (held == .applied))
            try await Self.expectChecked(harness, "delete", held)
        }
    }
}
