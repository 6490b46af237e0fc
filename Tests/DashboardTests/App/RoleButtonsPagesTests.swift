import DashboardEngine
import Foundation
import Testing

@testable import Dashboard

/// Every page but the product page and the list (`RoleButtonsTests`) shows only the buttons
/// the reader's role may use, with accounts on: the history's Undo buttons, a batch's buttons
/// in each of its states, the sheet, the import and the links to them. Each page is read as a
/// person gets it, and every button a role is shown is pressed as that role: none answers 403.
@Suite("Buttons per role, page by page")
struct RoleButtonsPagesTests {
    static func accountsRequired(_ configuration: inout DashboardConfiguration) { configuration.accounts = .required }

    /// One `<form method="post">` of a page: where it posts and the hidden fields it sends.
    struct PostForm {
        var action: String
        var fields: [(String, String)]
    }

    /// The page's forms that post, but the header's sign-out (which every signed-in page has).
    static func postForms(_ html: String) -> [PostForm] {
        HTMLScan.blocks(in: html, from: "<form", to: "</form>").compactMap { block in
            guard let form = HTMLScan.tags("form", in: block).first, form["method"] == "post", let action = form["action"],
                action != "/sign-out"
            else { return nil }
            let hidden = HTMLScan.tags("input", in: block).filter { $0["type"] == "hidden" }
            return PostForm(action: action, fields: hidden.compactMap { input in input["name"].map { ($0, input["value"] ?? "") } })
        }
    }

    static func actions(_ html: String) -> [String] { postForms(html).map(\.action) }

    /// Presses `form` as `session` would from the page it was read from: its own hidden
    /// fields (the page's token among them), and `extra`.
    static func press(_ form: PostForm, _ session: FormSession, extra: [(String, String)] = []) async throws -> TestResponse {
        var tab = session
        if let token = form.fields.first(where: { $0.0 == "csrf_token" })?.1 { tab.csrfToken = token }
        return try await tab.postURLEncoded(form.action, form.fields.filter { $0.0 != "csrf_token" } + extra)
    }

    /// Presses every post form of `html` as `session`, expecting none refused for its role.
    static func pressEvery(
        _ html: String, _ session: FormSession, _ who: String, extra: [(String, String)] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        for form in postForms(html) {
            let answer = try await press(form, session, extra: extra)
            #expect(answer.status != 403, "\(who): POST \(form.action)", sourceLocation: sourceLocation)
            #expect(!answer.text.contains("Only an"), "\(who): POST \(form.action)", sourceLocation: sourceLocation)
        }
    }

    /// The price `validProductFields` registers a product at.
    static let registeredPrice = Int(validProductFields.first { $0.0 == "price" }?.1 ?? "") ?? 0

    /// An owner's product, registered through the form.
    static func register(_ dash: DashboardHarness, _ owner: inout FormSession, name: String) async throws -> Int {
        _ = try await owner.open("/products/new")
        let made = try await owner.post("/products", replacing(validProductFields, "name", with: name), files: [.jpeg("k.jpg")])
        return try #require(productID(fromLocation: made.header("Location")), "register: \(made.status)")
    }

    /// A bulk price change of `id`, previewed as `session` (303 to the batch).
    static func pricePreview(_ session: FormSession, _ id: Int, price: String) async throws -> Int {
        let preview = try await BatchTesting.bulk(session, [("ids", String(id)), ("action", "price_set"), ("value", price), ("unit", "amount")])
        return try #require(BatchTesting.batchID(preview), "bulk: \(preview.status) \(preview.text.prefix(300))")
    }

    // MARK: The history

    @Test func theHistorysUndoButtons_areForEditorsAndOwners_andWorkForThem() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market), adjust: Self.accountsRequired) { dash in
                var owner = try await dash.signedIn(.owner)
                let kettle = try await Self.register(dash, &owner, name: "Plain Kettle")
                let cup = try await Self.register(dash, &owner, name: "Plain Cup")
                _ = try await owner.open("/products/\(kettle)/edit")
                let edited = try await owner.postURLEncoded(
                    "/products/\(kettle)/edit", replacing(replacing(validProductFields, "name", with: "Plain Kettle"), "price", with: "13000"))
                #expect(edited.status == 303)
                _ = try await owner.open("/products?mine=1")
                let batch = try await Self.pricePreview(owner, cup, price: "5000")
                #expect(try await BatchTesting.press("apply", batch, owner).status == 303)
                #expect(await dash.app.batchRunner.runEnds(batch))

                var shown: [Role: [String]] = [:]
                for role in [Role.viewer, .editor, .owner] {
                    var session = try await dash.signedIn(role)
                    shown[role] = Self.actions(try await session.open("/history").text)
                }
                let entryUndo = { (actions: [String]) in actions.contains { $0.hasPrefix("/history/") && $0.hasSuffix("/undo") } }
                #expect(shown[.viewer] == [], "a viewer's history has no form")
                for role in [Role.editor, .owner] {
                    #expect(entryUndo(shown[role] ?? []), "\(role): an entry's Undo")
                    #expect(shown[role]?.contains("/batches/\(batch)/undo") == true, "\(role): the whole batch's Undo")
                }

                var editor = try await dash.signedIn(.editor)
                let page = try await editor.open("/history").text
                #expect(!Self.actions(page).isEmpty)
                try await Self.pressEvery(page, editor, "editor on /history")
                #expect(try await dash.marketProduct(kettle)["price"] as? Int == Self.registeredPrice, "the edit was undone")
                #expect(try dash.app.engine.batchStore.undoes(of: batch).count == 1, "the whole batch's undo is previewed")
            }
        }
    }

    // MARK: A batch's page

    /// A preview of edits only, a preview that registers, and the same scheduled: what each
    /// role is shown, and that what is shown works for it.
    @Test func aBatchsButtons_mirrorWhatItsRoutesAllow() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market), adjust: Self.accountsRequired) { dash in
                var owner = try await dash.signedIn(.owner)
                let kettle = try await Self.register(dash, &owner, name: "Plain Kettle")
                let store = dash.app.engine.batchStore
                _ = try await owner.open("/products?mine=1")
                let editsPreview = try await Self.pricePreview(owner, kettle, price: "9000")
                func adds() throws -> Int {
                    try store.create(
                        kind: .import, action: nil, source: "new.csv", notes: [],
                        rows: [BatchRow(line: 2, productID: nil, operation: .create, status: .pending, name: "New Cup", currency: "KRW",
                                        before: RecordedFields(), after: RecordedFields(name: "New Cup", price: 3000, stock: 2))])
                }
                let now = dash.app.scheduler.clock.now()
                let later = LocalTime.localInputValue(now.addingTimeInterval(2 * 86_400 + 600), zone: dash.app.configuration.timeZone)
                let scheduledAdds = try adds()
                #expect(try store.schedule(scheduledAdds, startsAt: now.addingTimeInterval(3 * 86_400), endsAt: nil))

                let viewer = try await dash.signedIn(.viewer)
                var editor = try await dash.signedIn(.editor)
                // The form cookie a browser gets with its first page, which every button's token goes with.
                _ = try await editor.open("/batches")
                let previewButtons = ["apply", "cancel", "schedule"]
                func buttons(_ session: FormSession, _ batch: Int) async throws -> (actions: [String], html: String) {
                    let html = try await session.get("/batches/\(batch)?lang=en").text
                    return (Self.actions(html).map { String($0.split(separator: "/").last ?? "") }, html)
                }

                // Edits only: an editor and an owner see every button, a viewer none and why.
                for session in [editor, owner] {
                    #expect(try await buttons(session, editsPreview).actions == previewButtons)
                }
                let viewersEdits = try await buttons(viewer, editsPreview)
                #expect(viewersEdits.actions == [])
                #expect(viewersEdits.html.contains("data-view-only"))
                #expect(!viewersEdits.html.contains("data-owner-only"))

                // Adding: an owner's to apply and schedule; an editor may discard it and is told who can apply.
                let addsPreview = try adds()
                #expect(try await buttons(owner, addsPreview).actions == previewButtons)
                let editorsAdds = try await buttons(editor, addsPreview)
                #expect(editorsAdds.actions == ["cancel"])
                #expect(editorsAdds.html.contains("data-owner-only"))
                #expect(try await buttons(viewer, addsPreview).actions == [])

                // Scheduled: moving it is applying it later (an owner's); putting it back in preview is an editor's too.
                #expect(try await buttons(owner, scheduledAdds).actions == ["schedule", "unschedule"])
                #expect(try await buttons(editor, scheduledAdds).actions == ["unschedule"])
                #expect(try await buttons(viewer, scheduledAdds).actions == [])

                // What an editor is shown works for an editor: scheduling and applying edits, discarding, unscheduling.
                let schedule = Self.postForms(try await editor.get("/batches/\(editsPreview)").text).first { $0.action.hasSuffix("/schedule") }
                let scheduled = try await Self.press(try #require(schedule), editor, extra: [("starts_at", later)])
                #expect(scheduled.status == 303, "\(scheduled.text.prefix(300))")
                #expect(try store.batch(editsPreview)?.state == .scheduled)
                let unschedule = Self.postForms(try await editor.get("/batches/\(editsPreview)").text).first { $0.action.hasSuffix("/unschedule") }
                #expect(try await Self.press(try #require(unschedule), editor).status == 303)
                #expect(try store.batch(editsPreview)?.state == .preview)
                #expect(try await BatchTesting.press("apply", editsPreview, editor).status == 303)
                #expect(await dash.app.batchRunner.runEnds(editsPreview))
                #expect(try store.batch(editsPreview)?.state == .finished)
                #expect(try await BatchTesting.press("cancel", addsPreview, editor).status == 303)
                #expect(try store.batch(addsPreview)?.state == .discarded)
                #expect(try await BatchTesting.press("unschedule", scheduledAdds, editor).status == 303)
                #expect(try store.batch(scheduledAdds)?.state == .preview)

                // Finished edits: Undo for an editor and an owner, none for a viewer.
                #expect(try await buttons(viewer, editsPreview).actions == [])
                #expect(try await buttons(owner, editsPreview).actions == ["undo"])
                let undo = try await BatchTesting.press("undo", editsPreview, editor)
                #expect(undo.status == 303)
                #expect(try store.undoes(of: editsPreview).count == 1, "the undo's preview is made")
            }
        }
    }

    /// An import that registers, applied by an owner while the market refuses the new product:
    /// its Retry is an owner's, as its route decides.
    @Test func aRetryOfABatchThatRegisters_isShownToAnOwnerOnly() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market), adjust: Self.accountsRequired) { dash in
                var owner = try await dash.signedIn(.owner)
                _ = try await owner.open("/products/import")
                let posted = try await ImportTesting.post(owner, csv: BatchPermissionTests.newCup, images: [.jpeg("cup.jpg", size: 3000, fill: 7)])
                let batch = try #require(BatchTesting.batchID(posted), "import: \(posted.status)")
                market.refuse("POST", "/api/products")
                #expect(try await BatchTesting.press("apply", batch, owner).status == 303)
                #expect(await dash.app.batchRunner.runEnds(batch))
                let ownersPage = try await owner.get("/batches/\(batch)").text
                #expect(Self.actions(ownersPage).contains("/batches/\(batch)/retry"), "the failed create can be retried")
                let editor = try await dash.signedIn(.editor)
                #expect(!Self.actions(try await editor.get("/batches/\(batch)").text).contains("/batches/\(batch)/retry"))
                let viewer = try await dash.signedIn(.viewer)
                #expect(Self.actions(try await viewer.get("/batches/\(batch)").text) == [])
            }
        }
    }

    // MARK: The sheet, the import, the lists of batches and products

    @Test func theSheetAndTheImport_areFormsForWriters_andAViewerIsToldWhy() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market), adjust: Self.accountsRequired) { dash in
                var owner = try await dash.signedIn(.owner)
                let kettle = try await Self.register(dash, &owner, name: "Plain Kettle")
                for (role, writes) in [(Role.viewer, false), (.editor, true), (.owner, true)] {
                    var session = try await dash.signedIn(role)
                    for language in ["en", "ko"] {
                        let sheet = try await session.open("/products/sheet?mine=1&lang=\(language)")
                        #expect(sheet.status == 200)
                        #expect(Self.actions(sheet.text) == (writes ? ["/products/sheet"] : []), "\(role) sheet")
                        #expect(sheet.text.contains("data-view-only") == !writes, "\(role) sheet")
                        let importPage = try await session.open("/products/import?lang=\(language)")
                        #expect(Self.actions(importPage.text) == (writes ? ["/products/import"] : []), "\(role) import")
                        #expect(importPage.text.contains("data-view-only") == !writes, "\(role) import")
                        let line = HTMLScan.text(HTMLScan.block(in: importPage.text, from: "<p class=\"view-only\"", to: "</p>"))
                        if !writes { #expect(line.contains(language == "en" ? "ask an owner" : "소유자에게"), "\(line)") }
                    }
                    let batches = try await session.get("/batches").text
                    #expect(HTMLScan.hrefs(in: batches).contains("/products/import") == writes, "\(role) /batches")
                    let table = try await session.get("/products?mine=1&view=table").text
                    #expect(HTMLScan.hrefs(in: table).contains { $0.hasPrefix("/products/sheet") } == writes, "\(role) list")
                }
                // What an editor is shown works for an editor: the sheet's preview and an import's.
                var editor = try await dash.signedIn(.editor)
                let sheet = try await editor.open("/products/sheet?mine=1")
                let sent = try await SheetTesting.post(editor, SheetTesting.form(sheet, ["price.\(kettle)": "11000"]), query: "?mine=1")
                #expect(BatchTesting.batchID(sent) != nil, "\(sent.status) \(sent.text.prefix(300))")
                _ = try await editor.open("/products/import")
                let change = ImportTesting.write(["id", "stock"], [[String(kettle), "9"]])
                let imported = try await ImportTesting.post(editor, csv: change)
                #expect(BatchTesting.batchID(imported) != nil, "\(imported.status) \(imported.text.prefix(300))")
            }
        }
    }

    /// An empty list leads whoever may register to the form, and asks no one else to add.
    @Test func anEmptyList_offersRegistering_toAnOwnerOnly() async throws {
        try await withDashboard(.scripted(ScriptedMarket(products: [])), adjust: Self.accountsRequired) { dash in
            for (role, adds) in [(Role.viewer, false), (.editor, false), (.owner, true)] {
                let session = try await dash.signedIn(role)
                for (language, invitation) in [("en", "Add the first one."), ("ko", "첫 상품을 등록해 주세요.")] {
                    let main = HTMLScan.block(in: try await session.get("/products?lang=\(language)").text, from: "<main", to: "</main>")
                    #expect(HTMLScan.hrefs(in: main).contains("/products/new") == adds, "\(role) \(language)")
                    #expect(main.contains(invitation) == adds, "\(role) \(language)")
                }
            }
        }
    }

    /// The forms of one product need what their post needs: a viewer is refused the edit form,
    /// an editor the register and delete forms, each with the page that says who can.
    @Test func theFormsOfOneProduct_answerWhoCan_toWhoeverMayNotSendThem() async throws {
        try await withDashboard(adjust: Self.accountsRequired) { dash in
            var owner = try await dash.signedIn(.owner)
            let kettle = try await Self.register(dash, &owner, name: "Plain Kettle")
            let viewer = try await dash.signedIn(.viewer)
            let editor = try await dash.signedIn(.editor)
            for (session, path, allowed) in [
                (viewer, "/products/\(kettle)/edit", false), (viewer, "/products/new", false), (viewer, "/products/\(kettle)/delete", false),
                (editor, "/products/\(kettle)/edit", true), (editor, "/products/new", false), (editor, "/products/\(kettle)/delete", false),
                (owner, "/products/\(kettle)/edit", true), (owner, "/products/new", true), (owner, "/products/\(kettle)/delete", true),
            ] {
                let page = try await session.get(path)
                #expect(page.status == (allowed ? 200 : 403), "\(path)")
            }
        }
    }
}
