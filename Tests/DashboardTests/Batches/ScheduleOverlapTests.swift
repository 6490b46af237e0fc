import Foundation
import Testing

@testable import Dashboard
import DashboardEngine

/// Two schedules changing the same field of the same product at the same time cannot both be
/// right: the second is refused (409) with the page naming the first and its time, and nothing
/// is scheduled. Different fields of one product may overlap.
@Suite struct ScheduleOverlapTests {
    @Test(arguments: ["en", "ko"])
    func aWindowOverlappingAnotherOnTheSameField_isRefused_namingIt(language: String) async throws {
        try await ScheduleScene.run { scene in
            let products = try await scene.register(2)
            let first = try await scene.preview(products)
            #expect(try await scene.schedule(first, from: scene.minute(60), until: scene.minute(180)).status == 303)
            let second = try await scene.preview([products[1]], value: "17000")
            let refused = try await scene.schedule(
                second, starts: ScheduleScene.typed(scene.minute(120)), ends: ScheduleScene.typed(scene.minute(240)), language: language)
            #expect(refused.status == 409)
            let text = HTMLScan.text(refused.text)
            // The times as Foundation writes them in Seoul, not as the dashboard does.
            func time(_ date: Date, _ format: String) -> String {
                let formatter = DateFormatter()
                formatter.locale = Locale(identifier: "en_US_POSIX")
                formatter.timeZone = ScheduleScene.seoul
                formatter.dateFormat = format
                return formatter.string(from: date)
            }
            let (from, until) = (scene.minute(60), scene.minute(180))
            let sameDay = time(from, "yyyyMMdd") == time(until, "yyyyMMdd")
            switch language {
            case "ko":
                let day = { (date: Date) in "\(time(date, "M"))월 \(time(date, "d"))일" }
                let span = sameDay
                    ? "\(time(from, "HH:mm"))~\(time(until, "HH:mm")) KST"
                    : "\(time(from, "HH:mm"))~\(day(until))"
                #expect(text.contains("예약하지 않았습니다. “Sale Kettle 2” 상품의 판매가 항목은 일괄 작업 \(first)에서 \(day(from))"), "\(text)")
                #expect(text.contains(span) && text.contains("KST에 수정할 예정입니다."), "\(text)")
            default:
                let span = sameDay
                    ? "on \(time(from, "EEE d MMM, HH:mm"))–\(time(until, "HH:mm")) KST"
                    : "from \(time(from, "EEE d MMM, HH:mm")) KST to \(time(until, "EEE d MMM, HH:mm")) KST"
                #expect(text.contains(
                    "Nothing was scheduled: batch \(first) is scheduled to change the price of “Sale Kettle 2” \(span). "
                        + "Choose times outside that window, or change batch \(first)'s schedule first."),
                    "\(text)")
            }
            #expect(HTMLScan.hrefs(in: HTMLScan.block(in: refused.text, from: "<div class=\"error-summary\"", to: "</div>")).contains("/batches/\(first)"),
                "the other batch is linked")
            let inputs = HTMLScan.tags("input", in: refused.text)
            #expect(inputs.first { $0["name"] == "starts_at" }?["value"] == ScheduleScene.typed(scene.minute(120)), "the times typed are kept")
            #expect(inputs.first { $0["name"] == "ends_at" }?["value"] == ScheduleScene.typed(scene.minute(240)))
            #expect(try scene.batch(second).state == .preview && scene.batch(second).schedule == nil, "nothing scheduled")
        }
    }

    @Test func anotherFieldOfTheSameProduct_mayOverlap() async throws {
        try await ScheduleScene.run { scene in
            let products = try await scene.register(1)
            let (priceStarts, stockStarts) = (scene.minute(60), scene.minute(120))
            let price = try await scene.preview(products)
            #expect(try await scene.schedule(price, from: priceStarts, until: scene.minute(180)).status == 303)
            let stock = try await scene.preview(products, action: "stock_set", value: "3")
            #expect(try await scene.schedule(stock, from: stockStarts, until: scene.minute(240)).status == 303)
            #expect(try scene.batch(stock).state == .scheduled)

            try await scene.move(to: priceStarts)
            try await scene.move(to: stockStarts)
            #expect(scene.patches(products[0]).map { Set($0.keys) } == [["price", "secret"], ["stock", "secret"]])
        }
    }

    @Test func aWindowOverlappingOneRunning_isRefused_andOneAfterItsEndIsNot() async throws {
        try await ScheduleScene.run { scene in
            let products = try await scene.register(1)
            let running = try await scene.preview(products)
            let (start, end) = (scene.minute(2), scene.minute(60))
            #expect(try await scene.schedule(running, from: start, until: end).status == 303)
            try await scene.move(to: start)
            #expect(try scene.batch(running).state == .finished, "applied, its window open")

            let next = try await scene.preview(products, value: "15000")
            #expect(try await scene.schedule(next, from: scene.minute(30), until: scene.minute(90)).status == 409)
            #expect(try scene.batch(next).state == .preview)
            // A window that starts as the other ends does not overlap it.
            #expect(try await scene.schedule(next, from: end, until: scene.minute(90)).status == 303)
            // A start alone inside the window overlaps it too.
            let other = try await scene.preview(products, value: "16000")
            #expect(try await scene.schedule(other, from: scene.minute(40)).status == 409, "its start's minute is inside the window")
        }
    }
}
