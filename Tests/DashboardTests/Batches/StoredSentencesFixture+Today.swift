import DashboardEngine
import Foundation

/// The fixture's sentences in today's words, which the pages give the codes they stand for.
extension StoredSentencesFixture.OldText {
    /// The English and Korean of the same note as today's wording gives it: the same
    /// sentence, with an import's refused image named in single quotes, not doubled ones,
    /// and the words the glossary has since replaced (`rewordings`) replaced.
    var today: (en: String, ko: String) {
        (Self.reworded(en), Self.reworded(ko))
    }

    /// `text` in today's words (`today`).
    static func reworded(_ text: String) -> String {
        rewording(text).text
    }

    /// `text` in today's words, and the indices of the `rewordings` that changed it on the
    /// way (each applies to what the ones before it made).
    static func rewording(_ text: String) -> (text: String, used: Set<Int>) {
        var current = text.replacingOccurrences(of: "““", with: "“").replacingOccurrences(of: "””", with: "”")
        var used: Set<Int> = []
        for (index, rewording) in rewordings.enumerated() where current.range(of: rewording.old, options: .regularExpression) != nil {
            current = current.replacingOccurrences(of: rewording.old, with: rewording.new, options: .regularExpression)
            used.insert(index)
        }
        return (current, used)
    }

    /// What the texts said then, and say now (`docs/korean-ui.md`, `docs/english-ui.md`):
    /// regular expressions and their templates.
    static let rewordings: [(old: String, new: String)] = [
        (#"A product has at most 5 images; this row names (\d+)\."#, "A product has at most 5 images, and this line of the file names $1. Name fewer, then import again."),
        (#"(There is no product \d+ on the market \(it may have been deleted\)\.)"#, "$1 It is left out when you apply."),
        (
            #"This is another vendor's product: only your own products can be changed here\."#,
            "This is another vendor's product, and only your own products can be changed here. It is left out when you apply."
        ),
        (#"(“.*”) is not among the uploaded images; add it with the images\."#, "$1 is not among the images you chose. Choose it with the other images, then import again."),
        (#"(오픈마켓에 이 번호의 상품이 없습니다\(삭제되었을 수 있습니다\)\.)"#, "$1 적용할 때 이 상품은 건너뜁니다."),
        (#"다른 판매자의 상품입니다\. 여기서는 내 상품만 수정할 수 있습니다\."#, "다른 판매자의 상품입니다. 여기서는 내 상품만 수정할 수 있어 적용할 때 건너뜁니다."),
        (#"상품 이미지는 5장까지입니다\. 이 행의 이미지 수는 (\d+)장입니다\."#, "상품 이미지는 5장까지입니다. 이 상품에 적은 이미지는 $1장이니 줄인 뒤 다시 가져와 주세요."),
        (#"업로드한 이미지 중에 (“.*”) 파일이 없습니다\. 이미지와 함께 올려 주세요\."#, "선택한 이미지 중에 $1 파일이 없습니다. 다른 이미지와 함께 선택한 뒤 다시 가져와 주세요."),
        (#"Row (\d+) of the file gives a product this name too\."#, "Line $1 of the file gives a product this name too."),
        (#"파일의 (\d+)행에도"#, "파일의 $1번째 줄에도"),
        (
            #"The id (“[^”]*”) is not a product number; leave it empty to register a new product\."#,
            "$1 is not a product number. Correct it in the file, or leave it empty to add a new product, then import again."
        ),
        (
            #"(상품 번호 칸에 쓴 “[^”]*” 값은 상품 번호가 아닙니다\.) 새 상품을 등록하려면 칸을 비워 주세요\."#,
            "$1 파일에서 번호를 고치거나, 새 상품을 등록하려면 칸을 비운 뒤 다시 가져와 주세요."
        ),
        (#" picture \(it is cut short or damaged\)"#, " image (it is cut short or damaged)"),
        (#"An attached image expired; please add it again\."#, "An attached image is no longer kept. Add it again."),
        (#"Choose one of the product's images as its thumbnail\."#, "Choose one of the product's images as the main image."),
        (
            #"The server is keeping too many unfinished forms right now, so (.*) was not kept\. Please add it again in a few minutes\."#,
            "The dashboard is holding too many unfinished forms right now, so $1 was not kept. Add it again in a few minutes."
        ),
        (#"so The image was not"#, "so the image was not"),
        (#"(“[^”]*”) could not be kept on the server right now; please add it again\."#, "$1 could not be kept right now. Add it again."),
        ("10 to 1000 characters", "10 to 1,000 characters"),
        ("The stock cannot be negative.", "The stock must be a whole number, 0 or more."),
        ("재고를 0 이상으로 입력해 주세요.", "재고를 0 이상의 정수로 입력해 주세요."),
        (#"the discount \((\d+)(\d{3})\)"#, "the discount ($1,$2)"),
        (#"할인 금액\((\d+)(\d{3})\) 이상"#, "할인 금액($1,$2) 이상"),
        (#"KRW amounts are whole numbers \(no decimals\)\."#, "Enter KRW amounts in whole won, with no decimals."),
        (#"USD amounts have at most 2 decimals \(cents\)\."#, "Enter USD amounts with at most 2 decimal places, like 249.99."),
        (#" Make it smaller \(with JavaScript on, this page does that for you\) and add it again\."#, " Make it smaller and add it again."),
        (#"소수점 둘째 자리\(센트\)까지"#, "소수점 둘째 자리까지"),
        (#"다시 추가해 주세요\(자바스크립트를 켜면 이 페이지에서 자동으로 줄입니다\)\."#, "다시 추가해 주세요."),
        (#"This is another vendor's product, and only your own products can be changed here\."#, "This is not one of your products, so it cannot be changed here."),
        (#"다른 판매자의 상품입니다\. 여기서는 내 상품만 수정할 수 있어 적용할 때 건너뜁니다\."#, "내 상품이 아니어서 여기서 수정할 수 없습니다. 적용할 때 이 상품은 건너뜁니다."),
        (#"(The price goes (?:up|down) by \d+%, more than half)\."#, "$1: check the value."),
        (#"(판매가가 \d+% (?:오릅니다|내립니다))\. 절반 넘게 달라지는 수정입니다\."#, "$1. 값을 다시 확인해 주세요."),
        (#"(is not a JPEG or PNG image, so it was not added\.)"#, "$1 Choose a JPEG or PNG file instead."),
        (#"(JPEG이나 PNG 이미지가 아니어서 추가하지 않았습니다\.)"#, "$1 JPEG이나 PNG 파일을 선택해 주세요."),
        (#"적용할 때 이 상품은 건너뜁니다\."#, "이 상품은 적용하지 않습니다."),
    ]
}
