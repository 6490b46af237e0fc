import Foundation

/// What a person types into the product form.
struct ProductFormInput: Sendable {
    var name = "Browser Kettle"
    var description = "A kettle registered through a real browser."
    var price = "12000"
    var discount = "0"
    var stock = "5"
    var currency = "KRW"
    /// Absolute paths of the pictures to choose in the file input.
    var images: [String] = [SamplePictures.photo, SamplePictures.icon]
}

extension WebDriver {
    /// Fills the register (or edit) form the way a person would: typing, choosing, picking files.
    func fillProductForm(_ input: ProductFormInput) async throws {
        try await fill("#name", input.name)
        try await fill("#description", input.description)
        try await click(try await find("#currency option[value='\(input.currency)']"))
        try await fill("#price", input.price)
        try await fill("#discounted_price", input.discount)
        try await fill("#stock", input.stock)
        if !input.images.isEmpty {
            // WebDriver attaches several files to a multiple file input as paths, one a line.
            try await sendKeys(try await find("input[type=file]#images"), input.images.joined(separator: "\n"))
        }
    }

    func clickSubmit() async throws {
        try await click(try await find("main form button[type=submit]"))
    }

    /// The text of the page's main content (what a person reads).
    func mainText() async throws -> String {
        try await text(try await find("main"))
    }

    func flashText() async throws -> String? {
        guard let flash = try await findAll(".flash").first else { return nil }
        return try await text(flash)
    }

    /// Waits until no `<img>` in view is still loading (lazy ones out of view never start).
    func waitForImages() async throws {
        var pending: Any?
        try await wait("images to load: \(String(describing: pending))") {
            pending = try await execute("""
                return Array.from(document.images).filter(function (i) {
                  var r = i.getBoundingClientRect();
                  var inView = r.top < window.innerHeight && r.left < window.innerWidth && r.right > 0;
                  return !i.complete && inView;
                }).map(function (i) { return i.src; });
                """)
            return (pending as? [String])?.isEmpty == true
        }
    }

    /// Links on the page to `/products/{id}` itself (any query).
    func linksToProduct(_ id: Int) async throws -> Int {
        try await execute("""
            var path = arguments[0];
            return Array.from(document.links).filter(function (a) { return a.pathname === path; }).length
            """, ["/products/\(id)"]) as? Int ?? -1
    }

    /// Runs `action` and waits for the product page it leads to, a new document; its id.
    func navigatingToProductPage(_ what: String = "the product page", by action: () async throws -> Void) async throws -> Int {
        let path = try await navigating(what, to: { Self.productID(in: $0) != nil }, by: action)
        guard let id = Self.productID(in: path) else { throw Failure(description: "not a product page: \(path)") }
        return id
    }

    /// The id in a product page's path (`/products/{id}`, any query); nil for any other path.
    static func productID(in path: String) -> Int? {
        guard path.hasPrefix("/products/") else { return nil }
        return Int(path.dropFirst("/products/".count).prefix { $0 != "?" })
    }
}
