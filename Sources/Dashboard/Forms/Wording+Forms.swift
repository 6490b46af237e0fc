import DashboardEngine
import Foundation
import MarketClient

/// Texts of the product forms: titles, field messages with their numbers, flash messages.
extension Wording {
    /// A field's problem (`ProductFieldRules`) as a sentence that says how to fix it.
    func message(_ message: FieldProblem) -> String {
        switch language {
        case .en: english(message)
        case .ko: korean(message)
        }
    }

    /// A field's problems, one sentence after the other.
    func messages(_ problems: [FieldProblem]) -> String {
        problems.map(message).joined(separator: " ")
    }

    /// A problem of a form's `field` as a sentence that names the field, with examples and
    /// limits in the amount's `currency` (nil, or one the API does not know: both kinds). The
    /// forms and the sheet say this; a batch's stored notes keep `message(_:)`'s words.
    func message(_ problem: FieldProblem, on field: ProductField, currency: Currency?) -> String {
        let currency = currency.flatMap { $0.isKnown ? $0 : nil }
        let discount = field == .discountedPrice
        switch (language, problem) {
        case (.en, .notANumber): return "Enter \(discount ? "the discount" : "the price") as a number, like \(amountExample(discount: discount, currency))."
        case (.en, .krwWhole): return "Enter \(discount ? "the discount" : "the price") in whole won, with no decimals."
        case (.en, .usdCents): return "Enter \(discount ? "the discount" : "the price") with up to 2 decimal places, like \(discount ? "2.50" : "249.99")."
        case (.en, .priceTooHigh): return "The price must be \(priceLimit(currency)) or less."
        case (.en, .stockTooHigh): return "The stock must be \(PriceText.grouped(Decimal(ProductFieldRules.maxStock), minimumFractionDigits: 0)) or less."
        case (.en, .priceUnderDiscount(let discount)):
            return "The price cannot be less than the discount (\(amount(discount, currency))); lower the discount too."
        case (.ko, .notANumber): return "\(discount ? "할인 금액을" : "판매가를") \(amountExample(discount: discount, currency))처럼 숫자로 입력해 주세요."
        case (.ko, .krwWhole): return "\(discount ? "할인 금액은" : "판매가는") 원 단위로, 소수점 없이 입력해 주세요."
        case (.ko, .usdCents): return "\(discount ? "할인 금액은" : "판매가는") \(discount ? "2.50" : "249.99")처럼 소수점 둘째 자리까지 입력해 주세요."
        case (.ko, .priceTooHigh): return "판매가를 \(priceLimit(currency)) 이하로 입력해 주세요."
        case (.ko, .stockTooHigh): return "재고를 \(quantity(ProductFieldRules.maxStock))개 이하로 입력해 주세요."
        case (.ko, .priceUnderDiscount(let discount)):
            return "판매가를 할인 금액(\(amount(discount, currency))) 이상으로 입력해 주세요. 판매가를 더 낮추려면 할인 금액도 낮춰 주세요."
        default: return message(problem)
        }
    }

    /// A field's problems, one sentence after the other, each naming the field.
    func messages(_ problems: [FieldProblem], on field: ProductField, currency: Currency?) -> String {
        problems.map { message($0, on: field, currency: currency) }.joined(separator: " ")
    }

    /// An amount as a person types it: "15000" (KRW), "12.50" (USD), or either,
    /// "15000 or 12.50" / "15000이나 12.50"; a discount's smaller: "1000", "2.50".
    private func amountExample(discount: Bool, _ currency: Currency?) -> String {
        let (won, dollars) = discount ? ("1000", "2.50") : ("15000", "12.50")
        switch (language, currency) {
        case (_, .krw?): return won
        case (_, .usd?): return dollars
        case (.en, _): return "\(won) or \(dollars)"
        case (.ko, _): return "\(won)이나 \(dollars)"
        }
    }

    /// An amount a field problem quotes, in the product's currency where known ("KRW 9,000",
    /// "9,000원", "USD 12.50"), else with thousands separators alone ("9,000").
    private func amount(_ amount: Decimal, _ currency: Currency?) -> String {
        guard let currency else { return PriceText.grouped(amount, minimumFractionDigits: 0) }
        return price(amount, currency: currency.rawValue)
    }

    /// The highest price, whole, in its currency where known: "KRW 10,000,000,000" /
    /// "10,000,000,000원".
    private func priceLimit(_ currency: Currency?) -> String {
        let number = PriceText.grouped(ProductFieldRules.maxPrice, minimumFractionDigits: 0)
        guard let currency else { return number }
        let (prefix, suffix) = PriceText.affixes(currency: currency.rawValue, language: language)
        return prefix + number + suffix
    }

    private func english(_ message: FieldProblem) -> String {
        switch message {
        case .nameMissing: "Enter the product name (3 to 100 characters)."
        case .nameLength(let count): "The name must be 3 to 100 characters; it has \(count)."
        case .descriptionMissing: "Enter a description (10 to 1,000 characters)."
        case .descriptionLength(let count): "The description must be 10 to 1,000 characters; it has \(count)."
        case .controlCharacter(let field, let codePoint, let position, let count): controlCharacter(field, codePoint, position, count)
        case .currency: "Choose KRW or USD."
        case .priceMissing: "Enter the price."
        case .priceNotPositive: "The price must be more than 0."
        case .priceTooHigh: "The price must be at most 10,000,000,000."
        case .discountNegative: "The discount cannot be negative."
        case .discountOverPrice: "The discount cannot be more than the price."
        case .priceUnderDiscount(let discount): "The price cannot be less than the discount (\(amount(discount, nil))); lower the discount too."
        case .stockTooHigh: "The stock must be at most 2,147,483,647."
        case .stockNegative: "The stock must be a whole number, 0 or more."
        case .stockNotWhole: "The stock must be a whole number, 0 or more."
        case .notANumber: "Enter a number, like 1000 or 12.50."
        case .krwWhole: "Enter KRW amounts in whole won, with no decimals."
        case .usdCents: "Enter USD amounts with at most 2 decimal places, like 249.99."
        case .imagesMissing: "Add 1 to 5 images (JPEG or PNG, each at most 300 KB)."
        case .imageExpired: "An attached image is no longer kept. Add it again."
        case .thumbnailChoice: "Choose one of the product's images as the main image."
        case .imageRefused(let name, let refusal): imageRefused(name, refusal)
        }
    }

    private func korean(_ message: FieldProblem) -> String {
        switch message {
        case .nameMissing: "상품명을 입력해 주세요(3~100자)."
        case .nameLength(let count): "상품명을 3~100자로 입력해 주세요. 지금 \(count)자입니다."
        case .descriptionMissing: "상품 설명을 입력해 주세요(10~1,000자)."
        case .descriptionLength(let count): "상품 설명을 10~1,000자로 입력해 주세요. 지금 \(count)자입니다."
        case .controlCharacter(let field, let codePoint, let position, let count): controlCharacter(field, codePoint, position, count)
        case .currency: "통화를 선택해 주세요(KRW 또는 USD)."
        case .priceMissing: "판매가를 입력해 주세요."
        case .priceNotPositive: "판매가를 0보다 큰 금액으로 입력해 주세요."
        case .priceTooHigh: "판매가를 10,000,000,000 이하로 입력해 주세요."
        case .discountNegative: "할인 금액을 0 이상으로 입력해 주세요."
        case .discountOverPrice: "할인 금액을 판매가 이하로 입력해 주세요."
        case .priceUnderDiscount(let discount): "판매가를 할인 금액(\(amount(discount, nil))) 이상으로 입력해 주세요. 판매가를 더 낮추려면 할인 금액도 낮춰 주세요."
        case .stockTooHigh: "재고를 2,147,483,647 이하로 입력해 주세요."
        case .stockNegative: "재고를 0 이상의 정수로 입력해 주세요."
        case .stockNotWhole: "재고를 0 이상의 정수로 입력해 주세요."
        case .notANumber: "1000이나 12.50처럼 숫자로 입력해 주세요."
        case .krwWhole: "KRW 금액은 소수점 없이 입력해 주세요."
        case .usdCents: "USD 금액은 소수점 둘째 자리까지 입력해 주세요."
        case .imagesMissing: "이미지를 1~5장 추가해 주세요(JPEG 또는 PNG, 장당 300KB 이하)."
        case .imageExpired: "첨부한 이미지의 보관 기간이 지났습니다. 이미지를 다시 추가해 주세요."
        case .thumbnailChoice: "상품 이미지 중 하나를 대표 이미지로 선택해 주세요."
        case .imageRefused(let name, let refusal): imageRefused(name, refusal)
        }
    }

    /// A text holding invisible control characters: which (U+001B), where, how many, and that
    /// they usually come with pasted text, so the fix is to delete them.
    private func controlCharacter(_ field: ProductField, _ codePoint: Int, _ position: Int, _ count: Int) -> String {
        let code = String(format: "U+%04X", codePoint)
        switch (language, count) {
        case (.en, ...1):
            return "\(englishTextName(field)) has an invisible control character (\(code)) at character \(position). "
                + "Delete it: it often comes with text pasted from another program."
        case (.en, _):
            return "\(englishTextName(field)) has \(count) invisible control characters; the first (\(code)) is at character \(position). "
                + "Delete them: they often come with text pasted from another program."
        case (.ko, ...1):
            return "\(koreanTextName(field))의 \(position)번째 글자에 보이지 않는 제어 문자가 있습니다(\(code)). "
                + "다른 프로그램에서 복사한 글에 섞여 들어오는 경우가 많으니 삭제해 주세요."
        case (.ko, _):
            return "\(koreanTextName(field))에 보이지 않는 제어 문자가 \(quantity(count))개 있습니다(첫 번째: \(position)번째 글자, \(code)). "
                + "다른 프로그램에서 복사한 글에 섞여 들어오는 경우가 많으니 모두 삭제해 주세요."
        }
    }

    private func englishTextName(_ field: ProductField) -> String {
        field == .description ? "The description" : "The name"
    }

    private func koreanTextName(_ field: ProductField) -> String {
        field == .description ? "상품 설명" : "상품명"
    }

    enum Flash {
        case registered, updated, nothingChanged, alreadyDeleted
        /// A product deleted, by its name, and how many days the recycle bin keeps it (nil:
        /// no bin).
        case deleted(String, keptDays: Int?)
    }

    func flash(_ flash: Flash) -> String {
        switch (language, flash) {
        case (.en, .registered): "Product added."
        case (.en, .updated): "Product updated."
        case (.en, .nothingChanged): "No changes to save."
        case (.en, .deleted(let name, nil)): "“\(BidiText.isolated(name))” was deleted."
        case (.en, .deleted(let name, let days?)): "“\(BidiText.isolated(name))” was deleted. It stays in the recycle bin for \(days) days, where you can restore it."
        case (.en, .alreadyDeleted): "That product was already deleted."
        case (.ko, .registered): "상품을 등록했습니다."
        case (.ko, .updated): "상품을 수정했습니다."
        case (.ko, .nothingChanged): "수정한 항목이 없어 저장하지 않았습니다."
        case (.ko, .deleted(let name, nil)): "“\(BidiText.isolated(name))” 상품을 삭제했습니다."
        case (.ko, .deleted(let name, let days?)): "“\(BidiText.isolated(name))” 상품을 삭제했습니다. \(days)일 동안 휴지통에서 다시 등록할 수 있습니다."
        case (.ko, .alreadyDeleted): "이미 삭제된 상품입니다."
        }
    }

    func formTitle(edit name: String?, failed: Bool) -> String {
        let base: String
        switch (language, name) {
        case (.en, nil): base = "Add product"
        case (.en, let name?): base = "Edit “\(BidiText.isolated(name))”"
        case (.ko, nil): base = "상품 등록"
        case (.ko, let name?): base = "“\(BidiText.isolated(name))” 수정"
        }
        guard failed else { return base }
        return errorTitle(base)
    }

    func editHeading(_ name: String) -> String {
        switch language {
        case .en: "Edit “\(BidiText.isolated(name))”"
        case .ko: "“\(BidiText.isolated(name))” 수정"
        }
    }

    func submitLabel(edit: Bool) -> String {
        switch language {
        case .en: edit ? "Save changes" : "Add product"
        case .ko: edit ? "저장" : "상품 등록"
        }
    }

    /// A stashed image by its name and size: "a.jpg (3 KB)" / "a.jpg(3KB)".
    func stashedImage(_ name: String, size: Int) -> String {
        switch language {
        case .en: "\(name) (\(bytes(size)))"
        case .ko: "\(name)(\(bytes(size)))"
        }
    }

    /// A stashed image without a name: "image 2" / "이미지 2".
    func unnamedImage(_ number: Int) -> String {
        switch language {
        case .en: "image \(number)"
        case .ko: "이미지 \(number)"
        }
    }
}

/// Why an uploaded image was not kept.
extension Wording {
    /// `name` is the file's name, or nil (or empty) for a file without one.
    func imageRefused(_ name: String?, _ refusal: ImageProblem) -> String {
        let name = name?.isEmpty == false ? name : nil
        switch language {
        case .en:
            let quoted = name.map { "“\($0)”" }
            let name = quoted ?? "The image"
            // Inside a sentence, an image without a name is "the image".
            let object = quoted ?? "the image"
            switch refusal {
            case .notJPEGOrPNG: return "\(name) is not a JPEG or PNG image, so it was not added. Choose a JPEG or PNG file instead."
            case .tooLarge(let size): return "\(name) is \(bytes(size)); each image must be at most \(bytes(ProductFieldRules.maxImageBytes)). "
                + "Make it smaller and add it again."
            case .damaged(let format): return "\(name) is not a whole \(format) image (it is cut short or damaged), so it was not added."
            case .tooMany: return "A product has at most 5 images, so \(object) was not added. Remove one to add another."
            case .busy: return "The dashboard is holding too many unfinished forms right now, so \(object) was not kept. Add it again in a few minutes."
            case .unavailable: return "\(name) could not be kept right now. Add it again."
            }
        case .ko:
            // The particles follow "파일", never the name: "“a.png” 파일은", "이름 없는 파일을".
            let file = name.map { "“\($0)” 파일" } ?? "이름 없는 파일"
            switch refusal {
            case .notJPEGOrPNG: return "\(file)은 JPEG이나 PNG 이미지가 아니어서 추가하지 않았습니다. JPEG이나 PNG 파일을 선택해 주세요."
            case .tooLarge(let size): return "\(file)은 크기가 \(bytes(size))입니다. 장당 \(bytes(ProductFieldRules.maxImageBytes)) 이하로 줄여서 다시 추가해 주세요."
            case .damaged(let format): return "\(file)은 잘렸거나 손상된 \(format) 이미지여서 추가하지 않았습니다."
            case .tooMany: return "상품 이미지는 최대 5장이어서 \(file)을 추가하지 않았습니다. 다른 이미지를 삭제한 뒤 다시 추가해 주세요."
            case .busy: return "지금 작성 중인 등록 화면이 너무 많아 \(file)을 보관하지 못했습니다. 몇 분 후 다시 추가해 주세요."
            case .unavailable: return "지금은 \(file)을 보관할 수 없습니다. 다시 추가해 주세요."
            }
        }
    }
}

