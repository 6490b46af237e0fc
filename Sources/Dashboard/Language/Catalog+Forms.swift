/// Texts of the product forms: titles, field messages with their numbers, flash messages.
extension Catalog {
    /// One field's message (`ProductFormRules`).
    enum FieldMessage {
        case nameMissing, nameLength(Int), descriptionMissing, descriptionLength(Int), currency
        case priceMissing, priceNotPositive, priceTooHigh, discountNegative, discountOverPrice
        case priceUnderDiscount(String), stockTooHigh, stockNegative, stockNotWhole
        case notANumber, krwWhole, usdCents, imagesMissing, imageExpired, thumbnailChoice
    }

    func message(_ message: FieldMessage) -> String {
        switch language {
        case .en: english(message)
        case .ko: korean(message)
        }
    }

    private func english(_ message: FieldMessage) -> String {
        switch message {
        case .nameMissing: "Enter the product name (3 to 100 characters)."
        case .nameLength(let count): "The name must be 3 to 100 characters; it has \(count)."
        case .descriptionMissing: "Enter a description (10 to 1000 characters)."
        case .descriptionLength(let count): "The description must be 10 to 1000 characters; it has \(count)."
        case .currency: "Choose KRW or USD."
        case .priceMissing: "Enter the price."
        case .priceNotPositive: "The price must be more than 0."
        case .priceTooHigh: "The price must be at most 10,000,000,000."
        case .discountNegative: "The discount cannot be negative."
        case .discountOverPrice: "The discount cannot be more than the price."
        case .priceUnderDiscount(let discount): "The price cannot be less than the discount (\(discount)); lower the discount too."
        case .stockTooHigh: "The stock must be at most 2,147,483,647."
        case .stockNegative: "The stock cannot be negative."
        case .stockNotWhole: "The stock must be a whole number, 0 or more."
        case .notANumber: "Enter a number, like 1000 or 12.50."
        case .krwWhole: "KRW amounts are whole numbers (no decimals)."
        case .usdCents: "USD amounts have at most 2 decimals (cents)."
        case .imagesMissing: "Add 1 to 5 images (JPEG or PNG, each at most 300 KB)."
        case .imageExpired: "An attached image expired; please add it again."
        case .thumbnailChoice: "Choose one of the product's images as its thumbnail."
        }
    }

    private func korean(_ message: FieldMessage) -> String {
        switch message {
        case .nameMissing: "상품명을 입력해 주세요 (3~100자)."
        case .nameLength(let count): "상품명은 3~100자여야 합니다. 지금 \(count)자입니다."
        case .descriptionMissing: "상품 설명을 입력해 주세요 (10~1000자)."
        case .descriptionLength(let count): "상품 설명은 10~1000자여야 합니다. 지금 \(count)자입니다."
        case .currency: "KRW 또는 USD를 골라 주세요."
        case .priceMissing: "판매가를 입력해 주세요."
        case .priceNotPositive: "판매가는 0보다 커야 합니다."
        case .priceTooHigh: "판매가는 10,000,000,000 이하여야 합니다."
        case .discountNegative: "할인 금액은 0 이상이어야 합니다."
        case .discountOverPrice: "할인 금액은 판매가보다 클 수 없습니다."
        case .priceUnderDiscount(let discount): "판매가는 할인 금액(\(discount))보다 작을 수 없습니다. 할인 금액도 낮춰 주세요."
        case .stockTooHigh: "재고는 2,147,483,647 이하여야 합니다."
        case .stockNegative: "재고는 0 이상이어야 합니다."
        case .stockNotWhole: "재고는 0 이상의 정수여야 합니다."
        case .notANumber: "1000이나 12.50처럼 숫자로 입력해 주세요."
        case .krwWhole: "KRW 금액은 소수점 없이 입력해 주세요."
        case .usdCents: "USD 금액은 소수점 둘째 자리(센트)까지 입력할 수 있습니다."
        case .imagesMissing: "이미지를 1~5장 추가해 주세요 (JPEG 또는 PNG, 장당 300KB 이하)."
        case .imageExpired: "첨부한 이미지의 보관 기간이 지났습니다. 다시 추가해 주세요."
        case .thumbnailChoice: "상품 이미지 중 하나를 대표 이미지로 골라 주세요."
        }
    }

    enum Flash {
        case registered, updated, nothingChanged, deleted(String), alreadyDeleted
    }

    func flash(_ flash: Flash) -> String {
        switch (language, flash) {
        case (.en, .registered): "Product registered."
        case (.en, .updated): "Product updated."
        case (.en, .nothingChanged): "Nothing changed."
        case (.en, .deleted(let name)): "“\(name)” was deleted."
        case (.en, .alreadyDeleted): "That product was already deleted."
        case (.ko, .registered): "상품을 등록했습니다."
        case (.ko, .updated): "상품을 수정했습니다."
        case (.ko, .nothingChanged): "바뀐 내용이 없습니다."
        case (.ko, .deleted(let name)): "“\(name)” 상품을 삭제했습니다."
        case (.ko, .alreadyDeleted): "이미 삭제된 상품입니다."
        }
    }

    func formTitle(edit name: String?, failed: Bool) -> String {
        let base: String
        switch (language, name) {
        case (.en, nil): base = "Register a product"
        case (.en, let name?): base = "Edit \(name)"
        case (.ko, nil): base = "상품 등록"
        case (.ko, let name?): base = "\(name) 수정"
        }
        guard failed else { return base }
        return (language == .en ? "Error: " : "오류: ") + base
    }

    func editHeading(_ name: String) -> String {
        switch language {
        case .en: "Edit “\(name)”"
        case .ko: "“\(name)” 수정"
        }
    }

    func submitLabel(edit: Bool) -> String {
        switch language {
        case .en: edit ? "Save changes" : "Register product"
        case .ko: edit ? "변경 내용 저장" : "상품 등록하기"
        }
    }

    /// A stashed image without a name: "image 2" / "이미지 2".
    func unnamedImage(_ number: Int) -> String {
        language == .en ? "image \(number)" : "이미지 \(number)"
    }
}
