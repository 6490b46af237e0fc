import Foundation
import Testing

@testable import Dashboard

/// The Korean texts read like Korean software (`docs/korean-ui.md`): every particle fits the
/// word before it and none hangs on an inserted name, one voice, one term per idea, ranges and
/// parentheses written one way. Every text is checked with every sample name and number
/// (`WordingSamples`).
@Suite struct KoreanWritingTests {
    static let ko = Wording(.ko)

    /// The data attributes that carry the browser scripts' messages, as a page has them.
    static var scriptTexts: [String] {
        [ProductsText.shrinking, .shrunk, .shrunkFile, .shrinkFailed, .shrinkUnreadable, .loading].map(\.korean)
    }

    /// Every Korean text, the scripts' messages included.
    static var texts: [String] {
        WordingSamples.everything(ko).map(\.text) + scriptTexts
    }

    /// The rules no text may match, each with what to write instead.
    static func expectNone(_ rules: [(pattern: String, why: String)], sourceLocation: SourceLocation = #_sourceLocation) {
        for text in texts {
            for rule in rules {
                #expect(text.range(of: rule.pattern, options: .regularExpression) == nil, "“\(text)”: \(rule.why)", sourceLocation: sourceLocation)
            }
        }
    }

    /// 변경 as a verb, which 수정 replaced; 수정 as a noun for a change, which 변경 replaced.
    static let changeRules: [(pattern: String, why: String)] = [
        (#"변경(하|한|할|해|했|합|된|되|됨|됩|돼)"#, "수정하다: 변경 is a noun only"),
        (#"수정 (내용|없음|예정|되돌리기)"#, "변경 내용, 변경 없음, 변경 예정, 변경 되돌리기"),
    ]

    /// Words of a developer's (`docs/korean-ui.md`, "No developer words").
    static let developerWords: [(pattern: String, why: String)] = [
        (#"양식"#, "화면, 입력한 내용"), (#"토큰"#, "the cause a person can check"), (#"자바스크립트"#, "say what happens, not how"),
        (#"요청 방식"#, "이 주소는 직접 열 수 없습니다"), (#"사본"#, "보관"), (#"바이트"#, "KB, MB"), (#"HTTP|CSRF|multipart|urlencoded"#, "words of the page"),
        (#"(?<![가-힣])행(?=(에도|에서|까지|부터|[이을의은는에마도과씩])?(\s|[.,)]|$))"#, "줄, 항목, 상품"),
    ]

    /// Terms the glossary retired (`docs/korean-ui.md`, "One term per idea"), each with the one
    /// that replaced it.
    static let retiredTerms: [(pattern: String, why: String)] = [
        (#"복원"#, "→ 다시 등록"), (#"되살리"#, "→ 다시 등록"), (#"할인 중"#, "→ 할인 상품"), (#"격자형"#, "→ 갤러리형"),
        (#"전체 (재고|통화)"#, "→ 전체"), (#"퍼센트"#, "→ 비율(%)"), (#"조정"#, "→ 인상·인하, 추가·차감"), (#"(?<!휴지통에서 )(지웁니다|지웠|지워)"#, "→ 삭제 (a restored item taken off the bin: 휴지통에서 지우기, 지웠습니다)"),
        (#"보내지 않|보냅니다|보내지는"#, "→ 반영"), (#"선택함"#, "→ 선택됨"), (#"\d쪽"#, "→ 페이지"), (#"센트"#, "→ 소수점 둘째 자리"), (#"[가-힣]의 (수정|변경)"#, "→ 상품 2개 변경"),
    ]

    // MARK: The checks themselves

    /// The glossary's rules catch the retired uses and leave the kept ones alone.
    @Test func theTermRules_findWhatTheyLookFor() {
        func matches(_ rules: [(pattern: String, why: String)], _ text: String) -> Bool {
            rules.contains { text.range(of: $0.pattern, options: .regularExpression) != nil }
        }
        for retired in ["판매가를 변경했습니다.", "변경한 항목", "변경된 값", "수정 내용 미리 보기", "수정 없음 1건"] {
            #expect(matches(Self.changeRules, retired), "\(retired)")
        }
        for kept in ["변경 2건, 변경 없음 1건", "변경 내용 미리 보기", "여러 상품 일괄 변경", "상품 2개 변경 되돌리기", "수정한 항목", "다른 곳에서 수정됨"] {
            #expect(!matches(Self.changeRules, kept), "\(kept)")
        }
        for word in ["양식의 보안 토큰", "3행", "파일의 10행에도", "한 행씩", "512바이트"] {
            #expect(matches(Self.developerWords, word), "\(word)")
        }
        for kept in ["실행해 주세요", "진행 중", "행사 상품"] {
            #expect(!matches(Self.developerWords, kept), "\(kept)")
        }
        for retired in ["휴지통에서 복원", "할인 중", "아무것도 보내지 않았습니다", "상품 1개 선택함", "상품 2개의 수정 되돌리기", "이미지를 지웠습니다", "상품 12개, 3쪽 중 1쪽"] {
            #expect(matches(Self.retiredTerms, retired), "\(retired)")
        }
        #expect(!matches(Self.retiredTerms, "“맥북” 상품을 휴지통에서 지웠습니다."), "the bin's own verb for a restored item")
    }

    @Test func theParticleCheck_findsWhatAKoreanReaderWould() {
        #expect(KoreanText.misfitParticles("오픈마켓이 상품 삭제을 거절했습니다.") == ["삭제을"])
        #expect(KoreanText.misfitParticles("상품를 등록했습니다.") == ["상품를"])
        #expect(KoreanText.misfitParticles("재고가 있습니다. 판매가은 없습니다.") == ["판매가은"])
        #expect(KoreanText.misfitParticles("집계과 수정") == ["집계과"])
        #expect(KoreanText.misfitParticles("이미지으로 선택") == ["이미지으로"])
        #expect(KoreanText.misfitParticles("상품로 이동") == ["상품로"])
        #expect(KoreanText.misfitParticles("JPEG나 PNG") == ["JPEG나"])
        #expect(KoreanText.misfitParticles("KRW은 원 단위") == ["KRW은"])
        #expect(KoreanText.misfitParticles("1000나 12.50처럼") == ["0나"])
        #expect(KoreanText.misfitParticles("판매가 $1,000.00으로 설정") == ["달러으로"], "$1,000.00 is read 천 달러")
        #expect(KoreanText.misfitParticles("이미지은(는) 추가하지 않았습니다.").contains("(는)"))
        // What fits is left alone, verb forms and nouns that only look like particles too.
        #expect(KoreanText.misfitParticles("상품을 삭제했습니다. 이미지를 대표 이미지로 선택해 주세요. 상품명으로 찾습니다.").isEmpty)
        #expect(KoreanText.misfitParticles("JPEG이나 PNG, 1000이나 12.50, KRW는 원 단위, N은 번호, 서울로, 있는 상품, 할인가").isEmpty)
        #expect(KoreanText.misfitParticles("판매가 $12.50로 설정, 판매가 1,000원으로 설정, 1,000으로").isEmpty)
        #expect(KoreanText.particlesAfter("맥북", in: "“맥북”을 삭제했습니다.") == ["맥북”을 "])
        #expect(KoreanText.particlesAfter("a.png", in: "a.png은 너무 큽니다.").count == 1)
        #expect(KoreanText.particlesAfter("", in: "“”를 찾을 수 없습니다.").count == 1)
        #expect(KoreanText.particlesAfter("맥북", in: "“맥북” 상품을 삭제했습니다.").isEmpty)
    }

    /// A final consonant comes from the syllable's code point: (code − 0xAC00) % 28.
    @Test func finals_fromTheCodePoint() {
        #expect(KoreanText.final(of: "가") == .vowel)
        #expect(KoreanText.final(of: "각") == .consonant)
        #expect(KoreanText.final(of: "갈") == .rieul)
        #expect(KoreanText.final(of: "힣") == .consonant)
        #expect(KoreanText.final(of: "A") == nil)
    }

    // MARK: Every Korean text

    /// Every function with a name, with each sample name (final consonant, none, Latin,
    /// digits, empty): never a particle straight after the name or its closing quote, never a
    /// particle written both ways.
    @Test(arguments: WordingSamples.names)
    func noParticleHangsOnAnInsertedName(_ name: String) {
        for number in WordingSamples.numbers {
            for text in WordingSamples.all(Self.ko, name: name, number: number) {
                #expect(KoreanText.particlesAfter(name, in: text).isEmpty, "“\(text)”")
                #expect(KoreanText.particlesAfter(String(number), in: text).isEmpty, "“\(text)”")
                #expect(!KoreanText.bothWays.contains { text.contains($0) }, "“\(text)”")
            }
        }
    }

    /// Our own words: each particle fits the final of the word before it.
    @Test func everyParticle_fitsTheWordBeforeIt() {
        for (text, _) in WordingSamples.everything(Self.ko) + Self.scriptTexts.map({ ($0, "") }) {
            #expect(KoreanText.misfitParticles(text).isEmpty, "“\(text)”: \(KoreanText.misfitParticles(text))")
        }
    }

    /// A time before its verb takes 에, except "방금".
    @Test func timesOfEvents_takeEExceptJustNow() {
        #expect(Self.ko.when(.seconds(180)) == "3분 전에")
        #expect(Self.ko.when(.seconds(7300)) == "2시간 전에")
        #expect(Self.ko.when(.seconds(5)) == "방금")
        #expect(Self.ko.countFailed(age: .seconds(180), .timeout, haveFigures: false)
            == "3분 전에 상품 집계에 실패했습니다(오픈마켓 응답 시간 초과). 대시보드가 계속 다시 시도하며, 집계가 끝나면 이 페이지에 결과가 표시됩니다.")
        #expect(Self.ko.countFailed(age: .seconds(5), .unreachable, haveFigures: false).hasPrefix("방금 상품 집계에"))
        for (text, _) in WordingSamples.everything(Self.ko) {
            #expect(!text.contains("방금에"), "“\(text)”")
            #expect(text.range(of: #"(분|시간) 전 [가-힣]"#, options: .regularExpression) == nil, "a time without 에: “\(text)”")
        }
    }

    /// 합니다체, "~해 주세요" for requests, "~하시겠습니까?" for confirmations; validation asks
    /// for an action instead of stating a rule.
    @Test func oneVoice() {
        let forbidden: [(pattern: String, why: String)] = [
            (#"(?<!주)세요"#, "a request is “~해 주세요”"),
            (#"까요\?"#, "a confirmation is “~하시겠습니까?”"),
            (#"[해어아]요[.!?]?(\s|$)"#, "해요체"),
            (#"야 합니다"#, "ask for the action (“~로 입력해 주세요”), do not state a rule"),
            (#"[가-힣] \("#, "a parenthesis follows its word without a space"),
            (#"–"#, "a range is written with ~"),
            (#"~\d{4}"#, "thousands take a comma (10~1,000자)"),
        ]
        Self.expectNone(forbidden)
    }

    /// One term per idea (the table in `docs/korean-ui.md`). 수정 is the act of editing (수정하다,
    /// 수정됨); 변경 is only a change as a thing or a count (변경 내용, 변경 2건, 변경 없음, 일괄
    /// 변경), never a verb.
    @Test func oneTermPerIdea() {
        let other: [(word: String, term: String)] = [
            ("바꾸", "수정"), ("바꿀", "수정"), ("바꾼", "수정"), ("바뀐", "수정"), ("바꿔", "수정"), ("바뀌", "수정"),
            ("고르", "선택"), ("골라", "선택"),
            ("세는", "집계"), ("세고", "집계"), ("세다", "집계"),
            ("정가", "판매가"), ("결제", "할인가"), ("판매 가격", "판매가 / 할인가"), ("할인된 가격", "할인가"),
            ("빼기", "삭제"), ("뺄 ", "삭제"), ("내려받기", "다운로드"), ("사진", "이미지"),
            ("이 대시보드는", "the program is not a person"), ("대시보드가 이해", "the program is not a person"),
            ("안전합니다", "translation of “safe to try again”"),
        ]
        for (text, _) in WordingSamples.everything(Self.ko) + Self.scriptTexts.map({ ($0, "") }) {
            for pair in other {
                #expect(!text.contains(pair.word), "“\(text)”: \(pair.word) → \(pair.term)")
            }
            // The market is 오픈마켓; "마켓 원문" marks its own words.
            #expect(text.range(of: #"(?<!오픈)마켓(?! 원문)"#, options: .regularExpression) == nil, "“\(text)”: 오픈마켓")
        }
        Self.expectNone(Self.changeRules)
    }

    /// No word of a developer's (`docs/korean-ui.md`, "No developer words"): a seller reads
    /// 화면, 입력한 내용, 줄, never 양식, 토큰, 행.
    @Test func noDeveloperWords() {
        Self.expectNone(Self.developerWords)
    }

    /// No term the glossary retired.
    @Test func noRetiredTerms() {
        Self.expectNone(Self.retiredTerms)
    }

    /// The market's own words are quoted and marked, never passed off as ours.
    @Test func theMarketsWords_areQuotedAndMarked() {
        #expect(Self.ko.marketRejectedInput("name is already taken").message.hasPrefix("오픈마켓의 응답: “name is already taken”(마켓 원문)."))
        #expect(Wording(.en).marketRejectedInput("taken").message.hasPrefix("The Open Market said: “taken” (the market's words)."))
    }
}
