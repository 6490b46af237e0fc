import DashboardEngine
import Foundation
import MarketClient
import Templating

/// The view model of the product form (`products/form`), for registering and for editing:
/// every value refilled as typed, an error summary linking to each field, a message beside
/// each field, the stashed images (create) or the product's images with a thumbnail choice (edit).
struct ProductFormPage {
    enum Mode {
        case create
        case edit(ProductDetail)

        /// What the form's button does, for sentences about it.
        var action: Wording.WriteAction {
            switch self {
            case .create: .register
            case .edit: .save
            }
        }
    }

    /// A problem that is not one field's: the market refused, the token expired; with the
    /// way on (`link`) where the message names one.
    struct Problem {
        var heading: String
        var message: String
        var link: (href: String, label: String)?

        init(heading: String, message: String, link: (href: String, label: String)? = nil) {
            self.heading = heading
            self.message = message
            self.link = link
        }

        init(_ text: Wording.ErrorText, link: (href: String, label: String)? = nil) {
            self.init(heading: text.heading, message: text.message, link: link)
        }

        /// The template's `problem` (`products/form-problems`).
        var context: TemplateValue {
            var values: TemplateObject = ["heading": .string(heading), "message": .string(message)]
            if let link { values["link"] = ["href": .string(link.href), "label": .string(link.label)] }
            return .object(values)
        }
    }

    var mode: Mode
    var values: ProductFormValues
    var errors = FieldErrors()
    var problem: Problem?
    var csrfToken: String
    var formToken: String
    var stashedImages: [StashedImage] = []
    /// Edit: the values the form was first loaded with, carried in hidden fields so the POST
    /// can tell what the person changed (see `ProductFieldRules.changes`).
    var originals: ProductFormValues?
    /// Register: the recycle bin item this registration restores (the product is then
    /// journaled as restored, and the item remembers it).
    var restoreEntry: Int?
    /// Register: the name the restored product had in the recycle bin, for the heading
    /// ("Restore “Test mug”"); the typed name when the bin cannot say.
    var restoreName: String?
    /// Turns an upstream image URL into the `/images/{key}` path that serves it (edit).
    var imagePath: (URL) -> String = { $0.absoluteString }
    var language: Language = .en

    var context: TemplateObject {
        let wording = Wording(language)
        let failed = !errors.isEmpty || problem != nil
        let currency = amountCurrency
        var context: TemplateObject = [
            "csrfToken": .string(csrfToken),
            "formToken": .string(formToken),
            "fields": .object(TemplateObject(uniqueKeysWithValues: ProductField.allCases.map { field in
                var entry: TemplateObject = ["value": .string(value(of: field))]
                if let problems = errors[field] {
                    entry["error"] = .string(wording.messages(problems, on: field, currency: currency))
                    // Several images refused: one line each, not one run-on paragraph.
                    if problems.count > 1 {
                        entry["several"] = true
                        entry["lines"] = .list(problems.map { .string(wording.message($0, on: field, currency: currency)) })
                    }
                }
                return (field.rawValue, .object(entry))
            })),
            "currencyOptions": .list(Currency.supported.map { currency in
                [
                    "value": .string(currency.rawValue), "label": .string(wording.currencyName(currency.rawValue)),
                    "selected": .bool(Currency(rawValue: values.currency) == currency),
                ]
            }),
            "hasErrors": .bool(!errors.isEmpty),
            "errorSummaryTitle": .string(wording.fixProblems(errors.ordered.count)),
            "errors": .list(errors.ordered.map {
                ["field": .string($0.field.rawValue), "message": .string(wording.messages($0.problems, on: $0.field, currency: currency))]
            }),
        ]
        if let problem { context["problem"] = problem.context }
        switch mode {
        case .create:
            context["title"] = .string(wording.formTitle(edit: nil, failed: failed))
            context["heading"] = .string(wording[.registerProduct])
            context["action"] = "/products"
            context["enctype"] = "multipart/form-data"
            context["isCreate"] = true
            context["submitLabel"] = .string(wording.submitLabel(edit: false))
            context["backHref"] = "/products"
            context["backLabel"] = .string(wording[.backToProducts])
            if let restoreEntry {
                // A restore is its own task: its heading and button say so, not "Add product".
                let heading = wording.restoreHeading(restoreName ?? values.name)
                context["title"] = .string(failed ? wording.errorTitle(heading) : heading)
                context["heading"] = .string(heading)
                context["submitLabel"] = .string(wording[.restore])
                context["restoreEntry"] = TemplateValue(restoreEntry)
                context["backHref"] = "/trash"
                context["backLabel"] = .string(wording[.navTrash])
            }
            context["hasStashedImages"] = .bool(!stashedImages.isEmpty)
            context["stashedImages"] = .list(stashedImages.map { image in
                let filename = image.filename.isEmpty ? wording.unnamedImage(image.number) : image.filename
                return [
                    "src": .string("/products/new/images/\(formToken)/\(image.number)"),
                    "filename": .string(filename),
                    "number": TemplateValue(image.number),
                    "sizeText": .string(wording.bytes(image.size)),
                    "nameAndSize": .string(wording.stashedImage(filename, size: image.size)),
                ]
            })
        case .edit(let product):
            context["title"] = .string(wording.formTitle(edit: product.name, failed: failed))
            context["heading"] = .string(wording.editHeading(product.name))
            context["action"] = .string("/products/\(product.id)/edit")
            context["enctype"] = "application/x-www-form-urlencoded"
            context["isEdit"] = true
            context["submitLabel"] = .string(wording.submitLabel(edit: true))
            context["backHref"] = .string("/products/\(product.id)")
            context["backLabel"] = .string(wording[.backToProduct])
            let originals = self.originals ?? ProductFormValues(product: product)
            context["originals"] = .list([
                ("name", originals.name), ("description", originals.description), ("price", originals.price),
                ("discounted_price", originals.discountedPrice), ("stock", originals.stock), ("currency", originals.currency),
                ("thumbnail_id", originals.thumbnailID),
            ].map { ["name": .string("original_" + $0.0), "value": .string($0.1)] })
            let total = product.images.count
            context["productImages"] = .list(product.images.enumerated().map { index, image in
                [
                    "id": TemplateValue(image.id),
                    "src": .string(imagePath(image.thumbnailURL)),
                    "alt": .string(wording.imageAlt(product.name, number: index + 1, total: total)),
                    "checked": .bool(values.thumbnailID == String(image.id)),
                    "first": .bool(index == 0),
                ]
            })
        }
        return context
    }

    /// The currency the form's amounts are read in: the one chosen, else (editing) the
    /// product's; nil when neither is one the API knows.
    var amountCurrency: Currency? {
        let chosen = Currency(rawValue: values.currency)
        if chosen.isKnown { return chosen }
        if case .edit(let product) = mode, product.currency.isKnown { return product.currency }
        return nil
    }

    func value(of field: ProductField) -> String {
        switch field {
        case .name: values.name
        case .description: values.description
        case .price: values.price
        case .discountedPrice: values.discountedPrice
        case .stock: values.stock
        case .currency: values.currency
        case .thumbnailID: values.thumbnailID
        case .images: ""
        }
    }
}
