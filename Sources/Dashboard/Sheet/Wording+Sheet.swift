import DashboardEngine

/// Texts of the sheet (`/products/sheet`).
extension Wording {
    var sheetTitle: String {
        switch language {
        case .en: "Edit products in a sheet"
        case .ko: "시트에서 상품 수정"
        }
    }

    /// The list a sheet comes from: a search's results, or all products or one's own, maybe
    /// filtered.
    struct SheetList {
        var search: String
        var mine: Bool
        var filtered: Bool
    }

    /// "page 1 of All products" / "전체 상품 1페이지".
    private func sheetPage(_ list: SheetList, page: Int) -> String {
        switch (language, list.search.isEmpty) {
        case (.en, false): "page \(page) of the results for “\(BidiText.isolated(list.search))”\(list.filtered ? " (filtered)" : "")"
        case (.en, true): "page \(page) of \(ownerLabel(mine: list.mine))\(list.filtered ? " (filtered)" : "")"
        case (.ko, false): "“\(BidiText.isolated(list.search))” 검색 결과\(list.filtered ? "(필터 적용)" : "") \(page)페이지"
        case (.ko, true): "\(ownerLabel(mine: list.mine))\(list.filtered ? "(필터 적용)" : "") \(page)페이지"
        }
    }

    /// Above the sheet: whose products from which page of which list, what to do, and, for a
    /// page of all products, the way to a sheet of one's own only ("6 of your products (page 1
    /// of All products). …").
    func sheetIntro(count: Int, list: SheetList, page: Int, mine: Bool) -> String {
        let preview = self[.sheetPreview]
        switch language {
        case .en:
            let whose = count == 1 ? "1 of your products" : "\(count) of your products"
            return "\(whose) (\(sheetPage(list, page: page))). Change the cells you want, then select \(preview): the next page shows "
                + "every change, and nothing is saved until you apply it."
                + (mine ? "" : " To edit all your products, select \(self[.sheetOfMyProducts]).")
        case .ko:
            return "\(sheetPage(list, page: page))의 \(mine ? "" : "내 ")상품 \(quantity(count))개를 수정할 수 있습니다. 칸을 수정한 뒤 [\(preview)]를 눌러 주세요. "
                + "다음 화면에서 모든 변경 내용을 확인하고 적용하기 전에는 아무것도 반영되지 않습니다."
                + (mine ? "" : " 내 상품 전체를 수정하려면 [\(self[.sheetOfMyProducts])]을 눌러 주세요.")
        }
    }

    /// A sheet with no row: none of the vendor's products is on that page of that list, and
    /// the step that fits why (a search or filters narrowed it, a page past the end, a page of
    /// all products).
    func sheetEmpty(list: SheetList, page: Int, mine: Bool, narrowed: Bool) -> String {
        let place = sheetPage(list, page: page)
        switch (language, mine, narrowed) {
        case (.en, true, true):
            return "None of your products is on \(place). Change the search or filters."
        case (.en, false, true):
            return "None of your products is on \(place). Change the search or filters, or select \(self[.sheetOfMyProducts])."
        case (.en, true, false):
            return page > 1 ? "You have no products on \(place). Go back to an earlier page." : "You have no products yet. Add your first product."
        case (.en, false, false):
            return "None of your products is on \(place). To edit yours, select \(self[.sheetOfMyProducts])."
        case (.ko, true, true):
            return "\(place)에는 상품이 없습니다. 검색어나 필터를 수정해 주세요."
        case (.ko, false, true):
            return "\(place)에는 내 상품이 없습니다. 검색어나 필터를 수정하거나 [\(self[.sheetOfMyProducts])]을 눌러 주세요."
        case (.ko, true, false):
            return page > 1 ? "\(place)에는 상품이 없습니다. 앞 페이지로 이동해 주세요." : "아직 등록한 상품이 없습니다. 첫 상품을 등록해 주세요."
        case (.ko, false, false):
            return "\(place)에는 내 상품이 없습니다. 내 상품을 수정하려면 [\(self[.sheetOfMyProducts])]을 눌러 주세요."
        }
    }

    /// A cell's accessible name: "Price of “Mug”" / "“머그컵” 판매가".
    func cellLabel(_ field: ProductField, product name: String) -> String {
        switch language {
        case .en: "\(fieldLabel(field)) of “\(BidiText.isolated(name))”"
        case .ko: "“\(BidiText.isolated(name))” \(fieldLabel(field))"
        }
    }

    /// A cell's problem in the sheet's summary, by its product: "“Mug”: The stock cannot be
    /// negative." / "“머그컵” 상품: 재고를 0 이상으로 입력해 주세요." (the message names the field).
    func sheetProblem(_ name: String, _ message: String) -> String {
        switch language {
        case .en: "“\(BidiText.isolated(name))”: \(message)"
        case .ko: "“\(BidiText.isolated(name))” 상품: \(message)"
        }
    }

    /// The live count of changed cells: "No cells changed", "1 cell changed", "3 cells changed".
    func cellsChanged(_ count: Int) -> String {
        switch (language, count) {
        case (.en, 0): "No cells changed"
        case (.en, 1): "1 cell changed"
        case (.en, _): "\(count) cells changed"
        case (.ko, 0): "수정한 칸 없음"
        case (.ko, _): "수정한 칸 \(quantity(count))개"
        }
    }

    /// Asked before leaving a sheet with changed cells.
    var sheetLeaveWarning: String {
        switch language {
        case .en: "Your changes in the sheet are not saved yet. Leave anyway?"
        case .ko: "시트에서 수정한 내용이 아직 저장되지 않았습니다. 그래도 나가시겠습니까?"
        }
    }

    /// A posted row left out, in the summary: why, and that the rest is kept.
    func sheetRowLeftOut(_ reason: SheetPage.LeftOut, name: String) -> String {
        switch (language, reason) {
        case (.en, .deleted):
            "“\(name)” was deleted from the Open Market after this sheet was opened, so it is left out. Your other changes are "
                + "kept below: select \(self[.sheetPreview]) again."
        case (.en, .notOwn):
            "“\(name)” is not one of your products, so it cannot be changed here and is left out. Your other changes are kept "
                + "below: select \(self[.sheetPreview]) again."
        case (.ko, .deleted):
            "“\(name)” 상품은 시트를 연 뒤 오픈마켓에서 삭제되어 제외했습니다. 나머지 입력한 내용은 아래에 그대로 있으니 [\(self[.sheetPreview])]를 다시 눌러 주세요."
        case (.ko, .notOwn):
            "“\(name)” 상품은 내 상품이 아니어서 여기서 수정할 수 없어 제외했습니다. 나머지 입력한 내용은 아래에 그대로 있으니 [\(self[.sheetPreview])]를 다시 눌러 주세요."
        }
    }

    /// A row left out, beside the row: "Deleted from the Open Market: left out".
    func sheetRowLeftOutNote(_ reason: SheetPage.LeftOut) -> String {
        switch (language, reason) {
        case (.en, .deleted): "Deleted from the Open Market: left out"
        case (.en, .notOwn): "Not your product: left out"
        case (.ko, .deleted): "오픈마켓에서 삭제된 상품(제외)"
        case (.ko, .notOwn): "내 상품이 아님(제외)"
        }
    }

    /// A sheet posted from a page older than the browser's visit: nothing saved, what was
    /// typed kept below.
    var sheetExpired: ErrorText {
        switch language {
        case .en: ErrorText(heading: "Nothing was saved", message: "\(staleCause). Your changes are kept below: select \(self[.sheetPreview]) again.")
        case .ko: ErrorText(heading: "아무것도 저장하지 않았습니다", message: "\(staleCause(.save)). 입력한 내용은 아래에 그대로 있으니 [\(self[.sheetPreview])]를 다시 눌러 주세요.")
        }
    }

    /// A sheet sent again with other cells after its first post made a preview: these cells
    /// are not in it, and the ways on (the preview, linked as `openPreview`; the sheet again).
    var sheetAlreadySent: ErrorText {
        switch language {
        case .en: ErrorText(heading: "No other preview was made",
            message: "This sheet was already sent and its preview made, so the changes you sent now are not in it. "
                + "Open the preview to check and apply it. To make other changes, open the sheet again.")
        case .ko: ErrorText(heading: "미리 보기를 더 만들지 않았습니다",
            message: "이 시트의 내용으로 이미 미리 보기를 만들어, 방금 보낸 내용은 미리 보기에 넣지 않았습니다. "
                + "미리 보기를 열어 확인한 뒤 적용해 주세요. 다른 내용을 수정하려면 시트를 다시 열어 주세요.")
        }
    }

    /// The link to the preview a sheet made.
    var openPreview: String {
        switch language {
        case .en: "Open the preview"
        case .ko: "미리 보기 열기"
        }
    }

    /// A sheet too large to take in one post.
    var sheetTooLarge: ErrorText {
        switch language {
        case .en:
            ErrorText(
                heading: "The sheet is too large",
                message: "One sheet changes at most \(SheetPlanner.maxProducts) products (\(grouped(SheetPlanner.maxCells)) cells). Nothing was saved: open a smaller page of products (100 a page at most) and try again.")
        case .ko:
            ErrorText(
                heading: "시트가 너무 큽니다",
                message: "시트 하나로는 상품 \(SheetPlanner.maxProducts)개(칸 \(grouped(SheetPlanner.maxCells))개)까지 수정할 수 있습니다. 아무것도 저장하지 않았습니다. 한 페이지에 상품을 더 적게(최대 100개) 보여 준 뒤 다시 시도해 주세요.")
        }
    }

    /// After a sheet with no changed cell.
    var sheetUnchanged: String {
        switch language {
        case .en: "No cell was changed, so no preview was made. Change a cell, then select \(self[.sheetPreview])."
        case .ko: "수정한 칸이 없어 미리 보기를 만들지 않았습니다. 칸을 수정한 뒤 [\(self[.sheetPreview])]를 눌러 주세요."
        }
    }

    /// Numbers grouped by thousands, as counts are written: "2,000".
    private func grouped(_ number: Int) -> String { NumberText.grouped(number) }
}
