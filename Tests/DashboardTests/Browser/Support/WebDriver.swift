import Foundation

/// One W3C WebDriver session in chromedriver, spoken over HTTP (`WebDriverWire`). Every call
/// has a deadline; `delete()` ends the browser and must always be called (`withBrowser` does).
struct WebDriver: Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// A reference to an element on the current page.
    struct Element: Sendable {
        let id: String
    }

    static let elementKey = "element-6066-11e4-a52e-4f735466cecf"

    let session: URL
    let id: String

    /// Starts headless Chromium. `javaScript: false` turns page scripts off for the whole session.
    static func newSession(
        driver: URL, chromium: String, width: Int = 1280, height: Int = 900, javaScript: Bool = true
    ) async throws -> WebDriver {
        var arguments = [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            "--window-size=\(width),\(height)", "--lang=en-US", "--no-first-run", "--hide-scrollbars",
        ]
        if !javaScript { arguments.append("--blink-settings=scriptEnabled=false") }
        let options: [String: Any] = [
            "binary": chromium, "args": arguments,
            "prefs": ["profile.managed_default_content_settings.javascript": javaScript ? 1 : 2],
        ]
        let capabilities: [String: Any] = [
            "browserName": "chrome", "goog:chromeOptions": options, "unhandledPromptBehavior": "ignore",
            "timeouts": ["pageLoad": 60_000, "script": 5_000, "implicit": 0],
        ]
        let value = try await call(driver.appendingPathComponent("session"), "POST", ["capabilities": ["alwaysMatch": capabilities]], timeout: 30)
        guard let object = value as? [String: Any], let id = object["sessionId"] as? String else {
            throw Failure(description: "new session: no sessionId in \(String(describing: value))")
        }
        return WebDriver(session: driver.appendingPathComponent("session").appendingPathComponent(id), id: id)
    }

    func delete() async {
        _ = try? await Self.call(session, "DELETE", nil, timeout: 10)
    }

    // MARK: Navigation

    /// Opens `url`. Under load (a full parallel test run on two cores) Chromium's renderer
    /// sometimes misses chromedriver's message and the load reports "Timed out receiving
    /// message from renderer" though the page is fine: that one error is tried once more, as a
    /// person would reload. A page that really hangs fails both times.
    func navigate(to url: String) async throws {
        do {
            _ = try await command("POST", "url", ["url": url], timeout: 75)
        } catch let failure as Failure where failure.description.contains("Timed out receiving message from renderer") {
            _ = try await command("POST", "url", ["url": url], timeout: 75)
        }
    }

    func back() async throws {
        _ = try await command("POST", "back", [:], timeout: 20)
    }

    func currentURL() async throws -> String {
        try await command("GET", "url") as? String ?? ""
    }

    /// The current page's path with its decoded query, as `navigating` and `waitForPath` see it.
    func currentPath() async throws -> String {
        let url = try await currentURL()
        return Self.pathAndQuery(url) ?? url
    }

    func title() async throws -> String {
        try await command("GET", "title") as? String ?? ""
    }

    /// The text of an open alert, confirm or prompt; nil when there is none.
    func alertText() async throws -> String? {
        do {
            return try await command("GET", "alert/text") as? String
        } catch let failure as Failure where failure.description.contains("no such alert") {
            return nil
        }
    }

    // MARK: Elements

    func find(_ css: String) async throws -> Element {
        let value = try await command("POST", "element", ["using": "css selector", "value": css])
        guard let object = value as? [String: Any], let id = object[Self.elementKey] as? String else {
            throw Failure(description: "no element id for \(css)")
        }
        return Element(id: id)
    }

    func findAll(_ css: String) async throws -> [Element] {
        let value = try await command("POST", "elements", ["using": "css selector", "value": css])
        return (value as? [[String: Any]] ?? []).compactMap { ($0[Self.elementKey] as? String).map(Element.init) }
    }

    func click(_ element: Element) async throws {
        _ = try await command("POST", "element/\(element.id)/click", [:], timeout: 20)
    }

    /// Two clicks in quick succession with the mouse, as a person double-clicks.
    func doubleClick(_ element: Element) async throws {
        let origin: [String: Any] = [Self.elementKey: element.id]
        let pointer: [String: Any] = [
            "type": "pointer", "id": "mouse", "parameters": ["pointerType": "mouse"],
            "actions": [
                ["type": "pointerMove", "origin": origin, "x": 0, "y": 0],
                ["type": "pointerDown", "button": 0], ["type": "pointerUp", "button": 0],
                ["type": "pointerDown", "button": 0], ["type": "pointerUp", "button": 0],
            ],
        ]
        _ = try await command("POST", "actions", ["actions": [pointer]], timeout: 20)
    }

    /// WebDriver's codes of the keys a test presses (`press`).
    enum Key {
        static let tab = "\u{E004}"
        static let enter = "\u{E007}"
        static let shift = "\u{E008}"
        static let left = "\u{E012}"
        static let up = "\u{E013}"
        static let right = "\u{E014}"
        static let down = "\u{E015}"
    }

    /// Presses `keys` on the keyboard, one after another, into whatever has the focus, as a
    /// person does (`Key`; a key held with another: `press(Key.shift, then: Key.tab)`).
    func press(_ key: String, then next: String? = nil) async throws {
        var actions: [[String: Any]] = [["type": "keyDown", "value": key]]
        if let next { actions += [["type": "keyDown", "value": next], ["type": "keyUp", "value": next]] }
        actions.append(["type": "keyUp", "value": key])
        let keyboard: [String: Any] = ["type": "key", "id": "keyboard", "actions": actions]
        _ = try await command("POST", "actions", ["actions": [keyboard]], timeout: 20)
    }

    func clear(_ element: Element) async throws {
        _ = try await command("POST", "element/\(element.id)/clear", [:])
    }

    /// Types `text` into the element; for `input[type=file]`, `text` is the file paths, one a line.
    func sendKeys(_ element: Element, _ text: String) async throws {
        _ = try await command("POST", "element/\(element.id)/value", ["text": text])
    }

    func text(_ element: Element) async throws -> String {
        try await command("GET", "element/\(element.id)/text") as? String ?? ""
    }

    func property(_ element: Element, _ name: String) async throws -> Any? {
        try await command("GET", "element/\(element.id)/property/\(name)")
    }

    /// Clears a field and types a new value into it.
    func fill(_ css: String, _ text: String) async throws {
        let field = try await find(css)
        try await clear(field)
        if !text.isEmpty { try await sendKeys(field, text) }
    }

    // MARK: Scripts, screenshots, viewport

    /// Runs `script` (a function body; `arguments[0]`… are `args`) and returns its JSON result.
    func execute(_ script: String, _ args: [Any] = []) async throws -> Any? {
        try await command("POST", "execute/sync", ["script": script, "args": args])
    }

    /// Runs `script` (a function body whose last argument is a callback it calls with its
    /// result) and returns that result. `timeout` guards against a hang; the session's script
    /// timeout (`setScriptTimeout`) must be at least as long.
    func executeAsync(_ script: String, _ args: [Any] = [], timeout: TimeInterval) async throws -> Any? {
        try await command("POST", "execute/async", ["script": script, "args": args], timeout: timeout)
    }

    /// How long the page's scripts may run (`execute/sync`, `execute/async`) before the
    /// browser gives up on them; the session starts with 5 seconds.
    func setScriptTimeout(seconds: Int) async throws {
        _ = try await command("POST", "timeouts", ["script": seconds * 1000])
    }

    /// The viewport as a PNG.
    func screenshot() async throws -> Data {
        guard let base64 = try await command("GET", "screenshot", timeout: 20) as? String,
            let data = Data(base64Encoded: base64)
        else { throw Failure(description: "screenshot: no PNG") }
        return data
    }

    /// Resizes the window (Chromium keeps it at least 500 px wide; see `emulateViewport`).
    func setWindowSize(width: Int, height: Int) async throws {
        _ = try await command("POST", "window/rect", ["width": width, "height": height])
    }

    /// Sets the page's viewport exactly, narrower than a window can be, as a desktop browser
    /// would lay it out (`mobile: false`: no zooming out to fit a page that is too wide).
    func emulateViewport(width: Int, height: Int) async throws {
        _ = try await command("POST", "goog/cdp/execute", [
            "cmd": "Emulation.setDeviceMetricsOverride",
            "params": ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false],
        ])
    }

    /// Makes the page's `prefers-color-scheme` media query match `scheme` ("light" or "dark"),
    /// as the system setting of a person's device would.
    func emulateColorScheme(_ scheme: String) async throws {
        _ = try await command("POST", "goog/cdp/execute", [
            "cmd": "Emulation.setEmulatedMedia",
            "params": ["features": [["name": "prefers-color-scheme", "value": scheme]]],
        ])
    }

    // MARK: Waiting

    /// Polls `condition` until it is true or `timeout` passes, then fails naming `what`. The
    /// timeout guards against a hang (a page that never gets there), it measures nothing: it
    /// is generous because Chromium shares two busy cores with the rest of the suite.
    func wait(
        _ what: @autoclosure () -> String, timeout: Duration = .seconds(30), until condition: () async throws -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + timeout
        while true {
            if try await condition() { return }
            guard ContinuousClock.now < deadline else { throw Failure(description: "timed out after \(timeout) waiting for \(what())") }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Runs `action` (a click, a submit, a script) and waits until it has brought a new document
    /// whose path (and decoded query) satisfies `matches`, loaded to `readyState == "complete"`;
    /// returns that path. Before `action` the current document is tagged with a token of its
    /// own, and the wait ends only on a document without it: a page that comes back to the
    /// address it left (a form posted to itself, a redirect back, a reload) is told from the
    /// page it replaces. A page restored from the back-forward cache carries an older token or
    /// none, and counts as new.
    @discardableResult
    func navigating(
        _ what: String, to matches: (String) -> Bool, timeout: Duration = .seconds(30), by action: () async throws -> Void
    ) async throws -> String {
        let token = UUID().uuidString
        _ = try await execute("window.webDriverDocument = arguments[0]", [token])
        try await action()
        var path = ""
        var state = "the document before"
        try await wait("\(what): a new document at a matching path (last: \(path), \(state))", timeout: timeout) {
            let answer = try await execute(
                "return [window.webDriverDocument === arguments[0], location.href, document.readyState]", [token]) as? [Any]
            guard let answer, answer.count == 3, let old = answer[0] as? Bool, let href = answer[1] as? String,
                let readyState = answer[2] as? String
            else { throw Failure(description: "\(what): no document state in \(String(describing: answer))") }
            path = Self.pathAndQuery(href) ?? href
            state = old ? "the document before" : "a new document, \(readyState)"
            return !old && readyState == "complete" && matches(path)
        }
        return path
    }

    /// `navigating` to exactly `path` (with its decoded query).
    @discardableResult
    func navigating(
        _ what: String, to path: String, timeout: Duration = .seconds(30), by action: () async throws -> Void
    ) async throws -> String {
        try await navigating(what, to: { $0 == path }, timeout: timeout, by: action)
    }

    /// Waits until the page's path (and decoded query) satisfies `matches`, and the document is
    /// loaded. It cannot tell a new document from the current one at the same path: it is for
    /// an address the page changes itself (`history.pushState`); a click or submit that loads
    /// a page waits with `navigating`.
    @discardableResult
    func waitForPath(timeout: Duration = .seconds(30), _ what: String, _ matches: (String) -> Bool) async throws -> String {
        var path = ""
        try await wait("path \(what) (last: \(path))", timeout: timeout) {
            guard let current = Self.pathAndQuery(try await currentURL()) else { return false }
            path = current
            guard matches(path) else { return false }
            return try await readyState() == "complete"
        }
        return path
    }

    /// The path of `url` with its query, decoded, as the waits compare them.
    static func pathAndQuery(_ url: String) -> String? {
        guard let url = URLComponents(string: url) else { return nil }
        return url.path + (url.query.map { "?" + ($0.removingPercentEncoding ?? $0) } ?? "")
    }

    func readyState() async throws -> String {
        try await execute("return document.readyState") as? String ?? ""
    }

    // MARK: Wire

    private func command(_ method: String, _ path: String, _ body: [String: Any]? = nil, timeout: TimeInterval = 10) async throws -> Any? {
        try await Self.call(session.appendingPathComponent(path), method, body, timeout: timeout)
    }

    private static func call(_ url: URL, _ method: String, _ body: [String: Any]?, timeout: TimeInterval) async throws -> Any? {
        let json = try body.map { Array(try JSONSerialization.data(withJSONObject: $0)) }
        let response = try await WebDriverWire.request(port: url.port ?? 0, method, url.path, json: json, timeout: timeout)
        let status = response.status
        let data = Data(response.body)
        let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any]
        let value = object?["value"]
        guard status == 200 else {
            let error = (value as? [String: Any]).map { "\($0["error"] ?? ""): \(String(describing: $0["message"] ?? "").prefix(300))" }
            throw Failure(description: "\(method) \(url.path) → \(status) \(error ?? String(decoding: data.prefix(300), as: UTF8.self))")
        }
        return value is NSNull ? nil : value
    }
}
