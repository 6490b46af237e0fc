import DashboardEngine
import Foundation

/// Texts of `/trash`: what the recycle bin holds and what restoring and forgetting did.
extension Wording {
    func trashIntro(days: Int, budget: Int, used: Int) -> String {
        switch language {
        case .en:
            "Products deleted through this dashboard are kept here for \(days) days with their images, so you can restore them. "
                + "Images are kept up to \(bytes(budget)) in total; past that, the oldest images are deleted first. \(bytes(used)) of \(bytes(budget)) used."
        case .ko:
            "이 대시보드에서 삭제한 상품을 이미지와 함께 \(days)일 동안 보관하며, 여기서 다시 등록할 수 있습니다. "
                + "이미지는 모두 합쳐 \(bytes(budget))까지 보관하고, 초과하면 오래된 이미지부터 삭제합니다(현재 \(bytes(budget)) 중 \(bytes(used)) 사용)."
        }
    }

    /// The bin's count line: "Showing 1–20 of 45 products" / "45개 중 1~20번째"; one item is
    /// "Showing 1 product" / "상품 1개", one on a later page a place: "Showing 21 of 21 products" /
    /// "21개 중 21번째".
    func showingItems(first: Int, last: Int, total: Int) -> String {
        switch (language, total == 1, first == last) {
        case (.en, true, _): "Showing 1 product"
        case (.en, false, true): "Showing \(last) of \(total) products"
        case (.en, false, false): "Showing \(first)–\(last) of \(total) products"
        case (.ko, true, _): "상품 1개"
        case (.ko, false, true): "\(quantity(total))개 중 \(quantity(last))번째"
        case (.ko, false, false): "\(quantity(total))개 중 \(quantity(first))~\(quantity(last))번째"
        }
    }

    var deletedAt: String {
        switch language {
        case .en: "Deleted"
        case .ko: "삭제 시각"
        }
    }

    func wasProduct(_ id: Int) -> String {
        switch language {
        case .en: "Was product \(id)"
        case .ko: "원래 상품 번호 \(id)"
        }
    }

    func picturesKept(_ count: Int) -> String {
        switch language {
        case .en: count == 1 ? "1 image kept" : "\(count) images kept"
        case .ko: "이미지 \(count)장 보관 중"
        }
    }

    var picturesRemoved: String {
        switch language {
        case .en: "Its images are no longer kept: Restore opens the Add product form filled in, to add the images again there."
        case .ko: "이미지는 더 이상 보관하지 않습니다. [다시 등록]을 누르면 정보를 채운 등록 화면이 열리니 이미지를 다시 추가해 주세요."
        }
    }

    var deleteNotConfirmed: String {
        switch language {
        case .en: "The market did not confirm the delete: the product may still be there. Open the product list to check."
        case .ko: "오픈마켓이 삭제를 확인해 주지 않았습니다. 상품이 아직 있을 수 있으니 상품 목록에서 확인해 주세요."
        }
    }

    func restoredAs(_ id: Int) -> String {
        switch language {
        case .en: "Restored as product \(id)"
        case .ko: "\(id)번 상품으로 다시 등록했습니다"
        }
    }

    func restoreLabel(_ name: String) -> String {
        switch language {
        case .en: "Restore “\(BidiText.isolated(name))”"
        case .ko: "“\(BidiText.isolated(name))” 상품 다시 등록"
        }
    }

    func forgetLabel(_ name: String) -> String {
        switch language {
        case .en: "Remove for good: “\(BidiText.isolated(name))”"
        case .ko: "“\(BidiText.isolated(name))” 상품 완전히 삭제"
        }
    }

    /// The accessible name of the button that removes a restored item from the bin.
    func removeFromTrashLabel(_ name: String) -> String {
        switch language {
        case .en: "Remove from the bin: “\(name)”"
        case .ko: "“\(name)” 상품 휴지통에서 지우기"
        }
    }

    /// Beside that button: the product restored from the item stays as it is.
    func notAffected(_ id: Int) -> String {
        switch language {
        case .en: "Product \(id) is not affected."
        case .ko: "\(id)번 상품에는 영향이 없습니다."
        }
    }

    /// The question before an item is removed for good, which cannot be undone.
    func forgetQuestion(_ name: String) -> String {
        switch language {
        case .en: "Remove “\(name)” for good?"
        case .ko: "“\(name)” 상품을 휴지통에서 완전히 삭제하시겠습니까?"
        }
    }

    var forgetWarning: String {
        switch language {
        case .en: "It can't be restored afterwards: its details and images are removed from the recycle bin."
        case .ko: "완전히 삭제하면 다시 등록할 수 없습니다. 상품 정보와 이미지가 휴지통에서 삭제됩니다."
        }
    }

    /// The link to the recycle bin from a page about a deleted product.
    var openRecycleBin: String {
        switch language {
        case .en: "Open the recycle bin"
        case .ko: "휴지통 열기"
        }
    }

    /// The link to a deleted product restored under a new number.
    func openProduct(_ id: Int) -> String {
        switch language {
        case .en: "Open product \(id)"
        case .ko: "\(id)번 상품 열기"
        }
    }

    // MARK: Outcomes

    func restored(_ name: String, as id: Int, was old: Int) -> String {
        switch language {
        case .en: "“\(BidiText.isolated(name))” was restored as product \(id): the Open Market gives a restored product a new number (it was product \(old))."
        case .ko: "“\(BidiText.isolated(name))” 상품을 \(id)번 상품으로 다시 등록했습니다. 다시 등록한 상품은 오픈마켓에서 새 상품 번호를 받습니다(원래 상품 번호 \(old))."
        }
    }

    func alreadyRestored(_ name: String, as id: Int) -> String {
        switch language {
        case .en: "“\(BidiText.isolated(name))” was restored already, as product \(id)."
        case .ko: "“\(BidiText.isolated(name))” 상품은 이미 \(id)번 상품으로 다시 등록했습니다."
        }
    }

    func forgotten(_ name: String) -> String {
        switch language {
        case .en: "“\(BidiText.isolated(name))” was removed from the recycle bin for good."
        case .ko: "“\(BidiText.isolated(name))” 상품을 휴지통에서 완전히 삭제했습니다."
        }
    }

    /// A restored item taken off the bin's list: the product it became stays.
    func removedFromTrash(_ name: String, restoredAs id: Int) -> String {
        switch language {
        case .en: "“\(name)” was removed from the recycle bin. Product \(id) is not affected."
        case .ko: "“\(name)” 상품을 휴지통에서 지웠습니다. \(id)번 상품에는 영향이 없습니다."
        }
    }

    /// An item asked for by a button the bin no longer has (its number means nothing to a
    /// seller, so the words do not name it).
    func notInTrash(days: Int) -> ErrorText {
        switch language {
        case .en: ErrorText(heading: "Not in the recycle bin",
            message: "This product is not in the recycle bin any more: it was removed for good, or kept longer than \(days) days. Nothing was changed. Open the recycle bin to see what it holds.")
        case .ko: ErrorText(heading: "휴지통에 없습니다",
            message: "이 상품은 휴지통에 더 이상 없습니다. 완전히 삭제했거나 \(days)일이 지났습니다. 아무것도 하지 않았습니다. 휴지통을 열어 남아 있는 상품을 확인해 주세요.")
        }
    }

    var trashFormExpired: ErrorText {
        switch language {
        case .en: ErrorText(heading: "Nothing was done", message: "\(staleCause). Open the recycle bin again and select the button again.")
        case .ko: ErrorText(heading: "아무것도 하지 않았습니다", message: "\(staleCause). 휴지통을 다시 열고 버튼을 다시 눌러 주세요.")
        }
    }

    var trashUnreadable: ErrorText {
        switch language {
        case .en: ErrorText(heading: "The recycle bin cannot be read", message: "The dashboard's database in the data directory could not be read. The dashboard's log says more.")
        case .ko: ErrorText(heading: "휴지통을 읽을 수 없습니다", message: "데이터 폴더에 있는 대시보드 데이터베이스를 읽을 수 없습니다. 자세한 내용은 대시보드 로그를 확인해 주세요.")
        }
    }

    /// The heading of the register form that restores a product from the bin.
    func restoreHeading(_ name: String) -> String {
        switch language {
        case .en: "Restore “\(BidiText.isolated(name))”"
        case .ko: "“\(BidiText.isolated(name))” 상품 다시 등록"
        }
    }

    /// Above that form when the Open Market refused the kept details and its create rules say
    /// why: the cause (a description too short, the commonest, in words of its own; otherwise the
    /// fields by their labels), and the button to select once they are changed.
    func restoreRefused(_ errors: FieldErrors) -> ErrorText {
        let fields = errors.ordered.map(\.field)
        let shortDescription = fields == [.description] && (errors[.description] ?? []).allSatisfy { problem in
            switch problem {
            case .descriptionMissing: true
            case .descriptionLength(let count): count < 10
            default: false
            }
        }
        let labels = fields.map(fieldLabel).joined(separator: ", ")
        switch (language, shortDescription) {
        case (.en, true): return ErrorText(heading: "The description is too short to restore",
            message: "The Open Market won't restore this product because its description is too short: it takes 10 to 1,000 characters. "
                + "Change the description below, then select Restore.")
        case (.en, false): return ErrorText(heading: "The kept details can't be restored as they are",
            message: "The Open Market won't restore this product as it was kept: these fields don't meet its rules: \(labels). "
                + "Change them below, then select Restore.")
        case (.ko, true): return ErrorText(heading: "상품 설명이 짧아 다시 등록할 수 없습니다",
            message: "상품 설명이 너무 짧아(10~1,000자) 오픈마켓이 이 상품을 다시 등록하지 않습니다. 아래에서 상품 설명을 수정한 뒤 [다시 등록]을 눌러 주세요.")
        case (.ko, false): return ErrorText(heading: "보관된 정보로는 다시 등록할 수 없습니다",
            message: "보관된 정보 중 오픈마켓이 받지 않는 값이 있어 이 상품을 다시 등록하지 않습니다(\(labels)). 아래에 표시한 항목을 수정한 뒤 [다시 등록]을 눌러 주세요.")
        }
    }

    /// The prefilled register form of a restore whose pictures are gone.
    var restoreWithoutPictures: ErrorText {
        switch language {
        case .en: ErrorText(heading: "The images are no longer kept",
            message: "The recycle bin still has this product's details, but not its images (they went over its size limit, or none could be kept). "
                + "The form below is filled in: add the images and select Restore.")
        case .ko: ErrorText(heading: "이미지를 더 이상 보관하고 있지 않습니다",
            message: "휴지통에 이 상품의 정보는 남아 있지만 이미지는 없습니다(보관 용량을 넘어 삭제했거나 보관할 수 없었습니다). "
                + "아래에 정보를 채워 두었으니 이미지를 추가한 뒤 [다시 등록]을 눌러 주세요.")
        }
    }
}
