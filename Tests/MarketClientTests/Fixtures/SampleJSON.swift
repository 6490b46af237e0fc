import Foundation

/// Literal answers of the API, as captured by its public clients (see `docs/market-api.md`), and
/// variants of them that exercise each quirk.
enum SampleJSON {
    /// The documented list page: current camelCase envelope.
    static let currentPage = #"""
        {"pageNo":3,"itemsPerPage":20,"totalCount":113,"offset":40,"limit":60,"lastPage":6,
         "hasNext":true,"hasPrev":true,
         "pages":[{"id":130,"vendor_id":28,"vendorName":"OmarketTeam","name":"에어팟 3",
           "description":"에어팟 3",
           "thumbnail":"https://s3.ap-northeast-2.amazonaws.com/media.yagom-academy.kr/training-resources/28/20221104/3dc4bac35c2d11eda917f58c3b674fed_thumb.jpeg",
           "currency":"KRW","price":20000.0,"bargain_price":10000.0,"discounted_price":10000.0,
           "stock":3,"created_at":"2022-11-04T00:00:00","issued_at":"2022-11-04T00:00:00"}]}
        """#

    /// The older generation: snake_case envelope, no offset/limit, dates with `.00`, prices in
    /// exponent form.
    static let olderPage = #"""
        {"page_no":1,"items_per_page":2,"total_count":5,"last_page":3,"has_next":true,"has_prev":false,
         "pages":[
          {"id":22,"vendor_id":3,"vendorName":"yagom","name":"MacBook Pro","description":"",
           "thumbnail":"https://example.com/thumb/22","currency":"KRW","price":6.0E7,
           "bargain_price":5.99E7,"discounted_price":1.0E5,"stock":0,
           "created_at":"2022-05-14T00:00:00.00","issued_at":"2022-05-14T00:00:00.00"},
          {"id":21,"vendor_id":3,"name":"Pencil","description":"A pencil for the iPad, 12 cm.",
           "thumbnail":"https://example.com/thumb/21","currency":"USD","price":12.5,
           "bargain_price":12.5,"discounted_price":0,"stock":7,
           "created_at":"2022-05-13T09:30:15.5","issued_at":"2022-05-13T09:30:15.5"}]}
        """#

    /// The documented detail: image URLs on another host, without file extensions.
    static let detail = #"""
        {"id":32,"vendor_id":15,"name":"우유병 텀블러","description":"하얀 우유병 모양의 텀블러!",
         "thumbnail":"https://s3.ap-northeast-2.amazonaws.com/media.yagom-academy.kr/training-resources/15/20221018/951468784f1a11eda200131c69255928_thumb",
         "currency":"KRW","price":3500.0,"bargain_price":3400.0,"discounted_price":100.0,"stock":2,
         "created_at":"2022-10-18T00:00:00","issued_at":"2022-10-18T00:00:00",
         "images":[{"id":35,
           "url":"https://s3.ap-northeast-2.amazonaws.com/media.yagom-academy.kr/training-resources/15/20221018/951468774f1a11eda200afcab21bff61_origin",
           "thumbnail_url":"https://s3.ap-northeast-2.amazonaws.com/media.yagom-academy.kr/training-resources/15/20221018/951468784f1a11eda200131c69255928_thumb",
           "issued_at":"2022-10-18T00:00:00"}],
         "vendors":{"id":15,"name":"red123"}}
        """#

    /// A list item with the given id and name, for building pages.
    static func item(id: Int, name: String = "Item", price: String = "1000", currency: String = "KRW") -> String {
        """
        {"id":\(id),"vendor_id":1,"vendorName":"v","name":"\(name)","description":"d",
         "thumbnail":"https://example.com/\(id)_thumb","currency":"\(currency)","price":\(price),
         "bargain_price":\(price),"discounted_price":0,"stock":1,
         "created_at":"2022-11-15T00:00:00","issued_at":"2022-11-15T00:00:00"}
        """
    }

    /// A camelCase page around the given items.
    static func page(number: Int = 1, perPage: Int, total: Int, items: [String]) -> String {
        """
        {"pageNo":\(number),"itemsPerPage":\(perPage),"totalCount":\(total),"offset":\((number - 1) * perPage),
         "limit":\(number * perPage),"lastPage":\((total + perPage - 1) / perPage),"hasNext":\(number * perPage < total),
         "hasPrev":\(number > 1),"pages":[\(items.joined(separator: ","))]}
        """
    }

    /// A detail built from `item`, with one image and a vendor.
    static func detail(id: Int, name: String = "Item") -> String {
        var text = item(id: id, name: name)
        text.removeLast()  // the closing brace
        return text + #","images":[{"id":\#(id * 10),"url":"https://example.com/\#(id)_origin","#
            + #""thumbnail_url":"https://example.com/\#(id)_thumb","issued_at":"2022-11-15T00:00:00"}],"#
            + #""vendors":{"id":1,"name":"v"}}"#
    }
}

func decodeJSON<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
    try JSONDecoder().decode(type, from: Data(text.utf8))
}
