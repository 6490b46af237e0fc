import DashboardEngine

/// Texts of the product list and detail pages.
extension Wording {
    func listHeading(mine: Bool, search: String) -> String {
        switch (language, mine, search.isEmpty) {
        case (.en, false, true): "Products"
        case (.en, true, true): "My products"
        case (.en, false, false): "Results for “\(BidiText.isolated(search))”"
        case (.en, true, false): "My products: results for “\(BidiText.isolated(search))”"
        case (.ko, false, true): "상품 목록"
        case (.ko, true, true): "내 상품"
        case (.ko, false, false): "“\(BidiText.isolated(search))” 검색 결과"
        case (.ko, true, false): "내 상품: “\(BidiText.isolated(search))” 검색 결과"
        }
    }

    func listTitle(mine: Bool, search: String, page: Int) -> String {
        let title: String
        switch (language, search.isEmpty) {
        case (.en, false): title = "Search: \(search)"
        case (.ko, false): title = "검색: \(search)"
        case (_, true): title = mine ? self[.myProducts] : self[.navProducts]
        }
        guard page > 1 else { return title }
        switch language {
        case .en: return title + " (page \(page))"
        case .ko: return title + "(\(page)페이지)"
        }
    }

    /// The list's one count line: "Showing 21–40 of 113", one product "Showing 61 of 61"; a
    /// list that a search or filter narrowed (`inAll` products without them) says how many
    /// there are in all: "Showing 1–20 of 45 matches (60 products in all)". Korean: "113개 중
    /// 21~40번째", "61개 중 61번째", "조건에 맞는 상품 45개 중 1~20번째(전체 60개)". `range`
    /// writes one product as a range too ("61–61"): `load-more.js` widens that range to the
    /// first product shown (the summary's `data-range`).
    func showing(first: Int, last: Int, total: Int, inAll: Int? = nil, range: Bool = false) -> String {
        let g = NumberText.grouped
        let single = first == last && !range
        switch (language, inAll) {
        case (.en, nil): return "Showing \(single ? g(last) : "\(g(first))–\(g(last))") of \(g(total))"
        case (.en, let all?):
            return "Showing \(single ? g(last) : "\(g(first))–\(g(last))") of \(g(total)) \(total == 1 ? "match" : "matches") (\(g(all)) products in all)"
        case (.ko, nil): return "\(quantity(total))개 중 \(single ? "" : "\(quantity(first))~")\(quantity(last))번째"
        case (.ko, let all?):
            return "조건에 맞는 상품 \(quantity(total))개 중 \(single ? "" : "\(quantity(first))~")\(quantity(last))번째(전체 \(quantity(all))개)"
        }
    }

    /// A change of a batch whose window is under way, on its product's page: the value is the
    /// batch's until the window's end puts the old one back. "Until Sun 29 Nov, 02:20 EST:
    /// discount KRW 1,590 (batch 6), then back to KRW 0." / "할인 금액 0원 → 1,590원, 11월
    /// 29일(일) 16:15 KST에 원래대로 돌아감(일괄 작업 6)".
    func changeUntil(_ field: String, now new: String, back old: String, end: String, batch: Int) -> String {
        switch language {
        case .en: "Until \(end): \(field.lowercased()) \(new) (batch \(batch)), then back to \(old)."
        case .ko: "\(field) \(old) → \(new), \(end)에 원래대로 돌아감(일괄 작업 \(batch))"
        }
    }

    /// Why the list is empty, and what the page offers next (`ProductListPage.emptyAction`).
    /// `mayAdd`: whether the reader may register a product, the one next step of an empty list
    /// (a viewer or an editor is not asked to).
    func emptyList(search: String, page: Int, mine: Bool, filtered: Bool, mayAdd: Bool = true) -> String {
        switch language {
        case .en:
            if !search.isEmpty { return "No products match “\(BidiText.isolated(search))”. Check the spelling or clear the search." }
            if filtered { return "No products match these filters. Clear the filters to see every product." }
            if page > 1 { return "There are no products on page \(page). Go back to an earlier page." }
            if !mayAdd { return mine ? "You have no products yet." : "There are no products yet." }
            return mine ? "You have no products yet. Add your first product." : "There are no products yet. Add the first one."
        case .ko:
            if !search.isEmpty { return "“\(BidiText.isolated(search))” 검색 결과가 없습니다. 검색어를 확인하거나 [검색어 지우기]를 눌러 주세요." }
            if filtered { return "조건에 맞는 상품이 없습니다. 필터를 초기화하면 모든 상품을 볼 수 있습니다." }
            if page > 1 { return "\(page)페이지에는 상품이 없습니다. 앞 페이지로 이동해 주세요." }
            if !mayAdd { return mine ? "아직 등록한 상품이 없습니다." : "아직 상품이 없습니다." }
            return mine ? "아직 등록한 상품이 없습니다. 첫 상품을 등록해 주세요." : "아직 상품이 없습니다. 첫 상품을 등록해 주세요."
        }
    }

    func ownerLabel(mine: Bool) -> String {
        switch language {
        case .en: mine ? "My products" : "All products"
        case .ko: mine ? "내 상품" : "전체 상품"
        }
    }

    func viewLabel(_ view: ProductListQuery.View) -> String {
        switch (language, view) {
        case (.en, .list): "List"
        case (.en, .grid): "Grid"
        case (.en, .table): "Table"
        case (.ko, .list): "목록형"
        case (.ko, .grid): "갤러리형"
        case (.ko, .table): "표형"
        }
    }

    /// A page-size link: "20" / "20개씩".
    func perPageOption(_ size: Int) -> String {
        switch language {
        case .en: String(size)
        case .ko: "\(size)개씩"
        }
    }

    /// A numbered page link's accessible name: "Page 3" / "3페이지".
    func pageLabel(_ number: Int) -> String {
        switch language {
        case .en: "Page \(number)"
        case .ko: "\(number)페이지"
        }
    }

    /// "Name, image 2 of 3" / "Name, 이미지 2/3".
    func imageAlt(_ name: String, number: Int, total: Int) -> String {
        guard total > 1 else { return name }
        switch language {
        case .en: return "\(BidiText.isolated(name)), image \(number) of \(total)"
        case .ko: return "\(BidiText.isolated(name)), 이미지 \(number)/\(total)"
        }
    }

    /// A thumbnail link's accessible name: "Image 2 of 3" / "이미지 2/3".
    func imageLink(number: Int, total: Int) -> String {
        switch language {
        case .en: "Image \(number) of \(total)"
        case .ko: "이미지 \(number)/\(total)"
        }
    }

    func soldBy(_ vendor: String) -> String {
        switch language {
        case .en: "Sold by \(vendor)"
        case .ko: "판매자: \(vendor)"
        }
    }

    func deleteQuestion(_ name: String) -> String {
        switch language {
        case .en: "Delete “\(BidiText.isolated(name))”?"
        case .ko: "“\(BidiText.isolated(name))” 상품을 삭제하시겠습니까?"
        }
    }

    /// Under the delete question: what deleting does, and how long the recycle bin keeps the
    /// product (nil: the dashboard runs without one).
    func deleteKeeps(days: Int?) -> String {
        switch (language, days) {
        case (.en, let days?):
            "The product and its images are removed from the Open Market. The recycle bin keeps them for \(days) days, and you can restore the product from there. A restored product gets a new product number."
        case (.en, nil): "The product and its images are removed from the Open Market."
        case (.ko, let days?): "상품과 이미지가 오픈마켓에서 삭제됩니다. 휴지통에 \(days)일 동안 보관되며, 휴지통에서 다시 등록할 수 있습니다. 다시 등록하면 새 상품 번호를 받습니다."
        case (.ko, nil): "상품과 이미지가 오픈마켓에서 삭제됩니다."
        }
    }

    func deleteTitle(_ name: String) -> String {
        switch language {
        case .en: "Delete \(BidiText.isolated(name))"
        case .ko: "\(BidiText.isolated(name)) 삭제"
        }
    }

    func productNotFound(id: Int?) -> ErrorText {
        switch (language, id) {
        case (.en, let id?): ErrorText(heading: "Product not found",
            message: "There is no product \(id) on the Open Market, and the recycle bin does not hold it. Check the number, or find the product in the product list.")
        case (.en, nil): ErrorText(heading: "Product not found", message: "There is no product at this address. Find the product in the product list.")
        case (.ko, let id?): ErrorText(heading: "상품을 찾을 수 없습니다",
            message: "오픈마켓에 \(id)번 상품이 없고 휴지통에도 없습니다. 상품 번호를 확인하거나 상품 목록에서 찾아 주세요.")
        case (.ko, nil): ErrorText(heading: "상품을 찾을 수 없습니다", message: "이 주소에는 상품이 없습니다. 상품 목록에서 찾아 주세요.")
        }
    }

    /// A page about a product deleted through this dashboard that the recycle bin holds: when
    /// it was deleted (`day` and `time`, the time with its zone), and the step that fits what
    /// the person came to do (`action`; nil: see the product): until when it can be restored
    /// (`keptUntil`, a day), or that it must be restored before it can be edited.
    func productInBin(_ name: String, day: String, time: String, keptUntil: String, action: WriteAction?) -> ErrorText {
        switch (language, action) {
        case (.en, .save?): ErrorText(heading: "This product was deleted",
            message: "“\(name)” was deleted on \(day) at \(time) and is in the recycle bin. To edit it, restore it from the recycle bin first.")
        case (.en, .delete?): ErrorText(heading: "This product was deleted",
            message: "“\(name)” was already deleted on \(day) at \(time). It stays in the recycle bin until \(keptUntil), where you can restore it.")
        case (.en, _): ErrorText(heading: "This product was deleted",
            message: "“\(name)” was deleted on \(day) at \(time). It stays in the recycle bin until \(keptUntil): restore it from there.")
        case (.ko, .save?): ErrorText(heading: "삭제한 상품입니다",
            message: "“\(name)” 상품은 \(day) \(time)에 삭제되어 휴지통에 있습니다. 수정하려면 먼저 휴지통에서 다시 등록해 주세요.")
        case (.ko, .delete?): ErrorText(heading: "삭제한 상품입니다",
            message: "“\(name)” 상품은 \(day) \(time)에 이미 삭제되어 휴지통에 있습니다. \(keptUntil)까지 휴지통에서 다시 등록할 수 있습니다.")
        case (.ko, _): ErrorText(heading: "삭제한 상품입니다",
            message: "“\(name)” 상품은 \(day) \(time)에 삭제되어 휴지통에 있습니다. \(keptUntil)까지 휴지통에서 다시 등록할 수 있습니다.")
        }
    }

    /// A product's page when the product was deleted and restored since, under a new number.
    func productRestoredAs(_ name: String, day: String, time: String, as id: Int) -> ErrorText {
        switch language {
        case .en: ErrorText(heading: "This product has a new number",
            message: "“\(name)” was deleted on \(day) at \(time) and later restored from the recycle bin as product \(id).")
        case .ko: ErrorText(heading: "상품 번호가 바뀐 상품입니다",
            message: "“\(name)” 상품은 \(day) \(time)에 삭제된 뒤 휴지통에서 \(id)번 상품으로 다시 등록되었습니다.")
        }
    }

    /// Why a list shown from the catalog snapshot may not show the very latest: a change not
    /// loaded yet, or the market not answering, so the list is the one loaded at `loadedAt`
    /// ("16:09 KST"), with the way on.
    func myListNotice(outdated: Bool, failure: CatalogError.Code?, loadedAt: String) -> String? {
        let refresh = self[.countAgain]
        switch (language, outdated, failure) {
        case (.en, true, _): return "Your latest change is still being loaded; it may not show here yet. Reload in a moment."
        case (.ko, true, _): return "마지막 변경 내용을 아직 불러오는 중이라 여기에 보이지 않을 수 있습니다. 잠시 후 새로 고쳐 주세요."
        case (_, false, nil): return nil
        case (.en, false, let failure?):
            let cause =
                switch failure {
                case .unreachable: "The Open Market can't be reached"
                case .timeout: "The Open Market didn't answer in time"
                case .refused: "The Open Market refused to list its products"
                case .unreadableAnswer: "The Open Market sent an answer the dashboard can't read"
                }
            return "\(cause), so this is the list as loaded at \(loadedAt). Select \(refresh) in a moment."
        case (.ko, false, let failure?):
            let cause =
                switch failure {
                case .unreachable: "오픈마켓에 연결할 수 없어"
                case .timeout: "오픈마켓이 제시간에 응답하지 않아"
                case .refused: "오픈마켓이 상품 목록 요청을 거절해"
                case .unreadableAnswer: "오픈마켓 응답을 읽을 수 없어"
                }
            return "\(cause) \(loadedAt)에 불러온 목록을 보여 드립니다. 잠시 후 [\(refresh)]을 눌러 주세요."
        }
    }

    /// By an on-sale product's price: its sale's reference price.
    func lowestBeforeSale(_ reference: String, days: Int) -> String {
        switch language {
        case .en: "Reference price (the lowest in the \(days) days before this sale): \(reference)"
        case .ko: "종전 가격(이번 할인 시작 전 \(quantity(days))일 동안의 최저가): \(reference)"
        }
    }
}
