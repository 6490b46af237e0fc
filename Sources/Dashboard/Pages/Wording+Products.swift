/// Texts of the product list and detail pages.
extension Wording {
    func listHeading(mine: Bool, search: String) -> String {
        switch (language, mine, search.isEmpty) {
        case (.en, false, true): "Products"
        case (.en, true, true): "My products"
        case (.en, false, false): "Results for “\(search)”"
        case (.en, true, false): "My products: Results for “\(search)”"
        case (.ko, false, true): "상품 목록"
        case (.ko, true, true): "내 상품"
        case (.ko, false, false): "“\(search)” 검색 결과"
        case (.ko, true, false): "내 상품: “\(search)” 검색 결과"
        }
    }

    func listTitle(mine: Bool, search: String, page: Int) -> String {
        let title: String
        switch (language, search.isEmpty) {
        case (.en, false): title = "Search: \(search)"
        case (.ko, false): title = "검색: \(search)"
        case (_, true): title = self[mine ? .myProducts : .navProducts]
        }
        guard page > 1 else { return title }
        switch language {
        case .en: return title + " (page \(page))"
        case .ko: return title + "(\(page)페이지)"
        }
    }

    /// "Showing 21–40 of 113" / "전체 113개 중 21~40" (`load-more.js` reads the range in either).
    func showing(first: Int, last: Int, total: Int) -> String {
        switch language {
        case .en: "Showing \(first)–\(last) of \(total)"
        case .ko: "전체 \(quantity(total))개 중 \(quantity(first))~\(quantity(last))"
        }
    }

    func emptyList(search: String, page: Int, mine: Bool) -> String {
        switch language {
        case .en:
            if !search.isEmpty { return "No products match “\(search)”." }
            if page > 1 { return "There are no products on page \(page)." }
            return mine ? "You have no products yet." : "There are no products yet."
        case .ko:
            if !search.isEmpty { return "“\(search)” 검색 결과가 없습니다." }
            if page > 1 { return "\(page)페이지에는 상품이 없습니다." }
            return mine ? "아직 등록한 상품이 없습니다." : "아직 상품이 없습니다."
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
        case (.ko, .grid): "격자형"
        case (.ko, .table): "표"
        }
    }

    /// What a table header's link does, read after the column's name: ", sort low to high".
    func sortDirection(ascending: Bool) -> String {
        switch (language, ascending) {
        case (.en, true): ", sort in ascending order"
        case (.en, false): ", sort in descending order"
        case (.ko, true): ", 오름차순으로 정렬"
        case (.ko, false): ", 내림차순으로 정렬"
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
        case .en: return "\(name), image \(number) of \(total)"
        case .ko: return "\(name), 이미지 \(number)/\(total)"
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
        case .en: "Delete “\(name)”?"
        case .ko: "“\(name)” 상품을 삭제하시겠습니까?"
        }
    }

    func deleteTitle(_ name: String) -> String {
        switch language {
        case .en: "Delete \(name)"
        case .ko: "\(name) 삭제"
        }
    }

    func productNotFound(id: Int?) -> ErrorText {
        switch (language, id) {
        case (.en, let id?): ErrorText(heading: "Product not found", message: "Product \(id) does not exist, or it was deleted.")
        case (.en, nil): ErrorText(heading: "Product not found", message: "There is no product at this address.")
        case (.ko, let id?): ErrorText(heading: "상품을 찾을 수 없습니다", message: "\(id)번 상품이 없거나 삭제되었습니다.")
        case (.ko, nil): ErrorText(heading: "상품을 찾을 수 없습니다", message: "이 주소에는 상품이 없습니다.")
        }
    }
}
