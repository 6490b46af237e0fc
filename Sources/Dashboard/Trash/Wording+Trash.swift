import Foundation

/// Texts of `/trash`: what the recycle bin holds and what restoring and forgetting did.
extension Wording {
    func trashIntro(days: Int, budget: Int, used: Int) -> String {
        switch language {
        case .en:
            "Products deleted through this dashboard are kept here for \(days) days with their pictures, so they can be registered again. "
                + "Pictures are kept up to \(bytes(budget)) in all; past that, the oldest go first. Now holding \(bytes(used)) of pictures."
        case .ko:
            "이 대시보드에서 삭제한 상품을 이미지와 함께 \(days)일 동안 보관하며, 여기서 다시 등록할 수 있습니다. "
                + "이미지는 모두 합쳐 \(bytes(budget))까지 보관하고, 넘으면 오래된 것부터 지웁니다. 지금 보관 중인 이미지: \(bytes(used))."
        }
    }

    /// "Showing 1–20 of 45" for the bin's items.
    func showingItems(first: Int, last: Int, total: Int) -> String {
        switch language {
        case .en: total == 1 ? "Showing 1 product" : "Showing \(first)–\(last) of \(total) products"
        case .ko: "전체 상품 \(quantity(total))개 중 \(quantity(first))~\(quantity(last))"
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
        case .ko: "이전 \(id)번 상품"
        }
    }

    func picturesKept(_ count: Int) -> String {
        switch language {
        case .en: count == 1 ? "1 picture kept" : "\(count) pictures kept"
        case .ko: "이미지 \(count)장 보관 중"
        }
    }

    var picturesRemoved: String {
        switch language {
        case .en: "Pictures no longer kept (over the size limit, or none were kept): restoring opens the register form, filled in."
        case .ko: "이미지는 더 이상 보관하지 않습니다(보관 용량 초과 또는 처음부터 없음). 복원하면 정보를 채운 등록 양식이 열립니다."
        }
    }

    var deleteNotConfirmed: String {
        switch language {
        case .en: "The market did not confirm the delete: the product may still be there."
        case .ko: "오픈마켓이 삭제를 확인해 주지 않았습니다. 상품이 아직 있을 수 있습니다."
        }
    }

    func restoredAs(_ id: Int) -> String {
        switch language {
        case .en: "Registered again as product \(id)"
        case .ko: "\(id)번 상품으로 다시 등록했습니다"
        }
    }

    func restoreLabel(_ name: String) -> String {
        switch language {
        case .en: "Restore “\(name)”"
        case .ko: "“\(name)” 상품 복원"
        }
    }

    func forgetLabel(_ name: String) -> String {
        switch language {
        case .en: "Remove for good: “\(name)”"
        case .ko: "“\(name)” 상품 완전히 삭제"
        }
    }

    // MARK: Outcomes

    func restored(_ name: String, as id: Int, was old: Int) -> String {
        switch language {
        case .en: "“\(name)” is registered again. The market gave it a new number: product \(id) (it was \(old))."
        case .ko: "“\(name)” 상품을 다시 등록했습니다. 새 상품 번호는 \(id)입니다(이전 상품 번호 \(old))."
        }
    }

    func alreadyRestored(_ name: String, as id: Int) -> String {
        switch language {
        case .en: "“\(name)” was restored already, as product \(id)."
        case .ko: "“\(name)” 상품은 이미 \(id)번 상품으로 복원했습니다."
        }
    }

    func forgotten(_ name: String) -> String {
        switch language {
        case .en: "“\(name)” was removed from the recycle bin for good."
        case .ko: "“\(name)” 상품을 휴지통에서 완전히 삭제했습니다."
        }
    }

    func notInTrash(_ entry: Int, days: Int) -> ErrorText {
        switch language {
        case .en: ErrorText(heading: "Not in the recycle bin",
            message: "Item \(entry) is not in the recycle bin: it was removed for good, or kept longer than \(days) days. Nothing was sent.")
        case .ko: ErrorText(heading: "휴지통에 없습니다",
            message: "\(entry)번 항목은 휴지통에 없습니다. 완전히 삭제했거나 \(days)일이 지났습니다. 아무것도 보내지 않았습니다.")
        }
    }

    var trashFormExpired: ErrorText {
        switch language {
        case .en: ErrorText(heading: "The form had expired",
            message: "For your safety nothing was done: the form's security token did not match this browser. Open the recycle bin again and try once more.")
        case .ko: ErrorText(heading: "양식의 유효 시간이 지났습니다",
            message: "안전을 위해 아무것도 하지 않았습니다. 양식의 보안 토큰이 이 브라우저와 맞지 않습니다. 휴지통을 다시 열고 한 번 더 시도해 주세요.")
        }
    }

    var trashUnreadable: ErrorText {
        switch language {
        case .en: ErrorText(heading: "The recycle bin cannot be read", message: "The dashboard's database in the data directory could not be read. The dashboard's log says more.")
        case .ko: ErrorText(heading: "휴지통을 읽을 수 없습니다", message: "데이터 폴더에 있는 대시보드 데이터베이스를 읽을 수 없습니다. 자세한 내용은 대시보드 로그를 확인해 주세요.")
        }
    }

    /// The prefilled register form of a restore whose pictures are gone.
    var restoreWithoutPictures: ErrorText {
        switch language {
        case .en: ErrorText(heading: "The pictures are no longer kept",
            message: "The recycle bin still has this product's details, but not its pictures (they went over its size limit, or none could be kept). "
                + "The form below is filled in: add the pictures and register it.")
        case .ko: ErrorText(heading: "이미지를 더 이상 보관하고 있지 않습니다",
            message: "휴지통에 이 상품의 정보는 남아 있지만 이미지는 없습니다(보관 용량을 넘어 지웠거나 보관할 수 없었습니다). "
                + "아래 양식에 정보를 채워 두었으니 이미지를 추가해서 등록해 주세요.")
        }
    }
}
