import Foundation
import HTTPServer
import MarketClient

@testable import Dashboard
import DashboardEngine

/// Every text of one language: the fixed ones and every `Wording` function, each called with
/// `name` wherever it takes a name (a product, a file, a search, a vendor, the market's words)
/// and `number` wherever it takes a number. One line per function: a new function with a name
/// or a number gets a line here, and the particle and English-word checks then cover it.
/// `WordingSamplesTests` fails for a `Wording` function or computed property, wherever it is
/// declared, that is not called here.
enum WordingSamples {
    /// The names the particle checks insert: with a final consonant, without, Latin, digits,
    /// and empty.
    static let names = ["맥북", "에어팟 프로", "Mug", "2024", ""]

    static let numbers = [1, 2, 3, 10, 1000, 2024]

    /// Ages that read as "방금", minutes and hours.
    static let ages: [Duration] = [.seconds(5), .seconds(180), .seconds(7300)]

    static func fixed(_ w: Wording) -> [String] {
        FixedTexts.all(w.language)
    }

    /// Every text with `name` or `number` in it.
    static func all(_ w: Wording, name: String, number: Int) -> [String] {
        let digits = String(number)
        let age = Duration.seconds(number * 60)
        let zone = TimeZone(identifier: "Asia/Seoul") ?? .gmt
        var texts: [String] = [
            w.price(Decimal(number), currency: "KRW"),
            w.price(Decimal(number), currency: "USD"),
            w.quantity(number), w.quantity(number * 1000),
            w.stock(number),
            w.originalPrice(w.price(Decimal(number), currency: "KRW")),
            w.bytes(number),
            w.bytes(number * 1024),
            w.day("2026-11-\(String(format: "%02d", number % 28 + 1))"),
            w.products(number),
            w.fixProblems(number),
            w.age(age),
            w.when(age),
            w.staleNotice(age: age, failed: true),
            w.staleNotice(age: age, failed: false),
            LocalTime.timestamp(Date(timeIntervalSince1970: Double(number) * 86_400), zone: zone, w),
            LocalTime.clockWithZone(Date(timeIntervalSince1970: Double(number) * 60), zone: zone),
            w.productNotFound(id: number).heading, w.productNotFound(id: number).message,
            w.productNotFound(id: nil).message,
            w.productRestoredAs(name, day: w.day("2026-11-28"), time: LocalTime.clockWithZone(Date(), zone: zone), as: number).message,
            w.openRecycleBin, w.openProduct(number),
            w.marketWords(name),
            w.marketRefusedRequest(name).message,
            w.formUnreadable(.multipart(.tooManyParts(limit: number))).message,
            w.formUnreadable(.multipart(.fieldTooLarge(name: name, limit: number * 1024))).message,
            w.formUnreadable(.multipart(.fileTooLarge(name: "images", filename: name, limit: number * 1024 * 1024))).message,
            w.formUnreadable(.multipart(.totalFileBytesTooLarge(limit: number))).message,
            w.formUnreadable(.multipart(.partHeadersTooLarge(limit: number))).message,
            w.formUnreadable(.multipart(.malformedPartHeader(name))).message,
            w.stockFilterLabel(.low, threshold: number),
            w.filtersSummary(on: number),
            w.currencyChip("KRW"), w.currencyChip("USD"),
            w.priceRangeChip(min: w.price(Decimal(number), currency: "KRW"), max: w.price(Decimal(number), currency: "KRW")),
            w.priceRangeChip(min: w.price(Decimal(number), currency: "USD"), max: nil), w.priceRangeChip(min: nil, max: digits),
            w.removeFilter(name),
            w.boundPrice(Decimal(number), currency: .krw), w.boundPrice(Decimal(number), currency: .usd),
            w.boundPrice(Decimal(number) / 4, currency: .usd),
            w.asOf(time: LocalTime.clockWithZone(Date(), zone: zone), age: w.age(age)),
            w.ignoredNote([.init(name: name, code: .unrecognisedValue)]),
            w.ignoredNote(["sort", "stock", "sale", "currency"].map { .init(name: $0, code: .unrecognisedValue) }),
            w.parameterLabel(name),
            w.partialResults(counted: digits),
            w.lowStock(number),
            w.message(.nameLength(number)),
            w.message(.descriptionLength(number)),
            w.message(.controlCharacter(.name, codePoint: 0x1B, position: number, count: 1)),
            w.message(.controlCharacter(.description, codePoint: 0x9B, position: number, count: number + 1)),
            w.message(.priceUnderDiscount(Decimal(number))),
            w.messages([.nameLength(number), .descriptionLength(number)]),
            w.flash(.deleted(name, keptDays: nil)), w.flash(.deleted(name, keptDays: number)),
            w.formTitle(edit: name, failed: false), w.formTitle(edit: name, failed: true), w.formTitle(edit: nil, failed: true),
            w.editHeading(name),
            w.unnamedImage(number),
            w.marketRejectedInput(name).message,
            w.nothingSent(name).message,
            w.owner(name: name, vendorID: number),
            w.notYourProduct(name, owner: w.owner(name: name, vendorID: number), ours: number, action: .save).message,
            w.notYourProduct(name, owner: w.owner(name: name, vendorID: number), ours: nil, action: .delete).message,
            w.notYourProduct(name, owner: w.owner(name: "", vendorID: number), ours: number, action: .delete).message,
            w.counting(done: digits, total: digits), w.counting(done: nil, total: digits),
            w.countingPages(done: digits, total: digits),
            w.countedAge(w.age(age), runningCount: w.counting(done: digits, total: digits)), w.countedAge(w.age(age), runningCount: nil),
            w.partialFigures(counted: digits, reported: digits),
            w.sectionHeading(vendor: number),
            w.metric(.lowStock(number)),
            w.stockValue("KRW"),
            w.vendorChart(top: number).title,
            w.vendorName(number),
            w.priceChart("KRW").title, w.priceChart("KRW").labelHeading,
            w.priceBucket(from: Decimal(number), upTo: Decimal(number * 10_000), currency: "KRW"),
            w.priceBucket(from: Decimal(number * 10_000), upTo: Decimal(number * 20_000), currency: "KRW"),
            w.priceBucket(from: 0, upTo: nil, currency: "KRW"), w.priceBucket(from: Decimal(number) / 2, upTo: Decimal(number), currency: "USD"),
            w.priceBucket(from: Decimal(number) * 50_000_000, upTo: Decimal(number) * 150_000_000, currency: "KRW"),
            w.priceBucketLabel(from: Decimal(number) * 500_000, upTo: Decimal(number) * 1_000_000, currency: "KRW"),
            w.priceBucketLabel(from: Decimal(number) / 2, upTo: Decimal(number), currency: "USD"),
            w.weekChart(weeks: number).title,
            w.stillCounting((done: digits, total: digits)).message, w.stillCounting((done: nil, total: digits)).message,
            w.stillCounting(nil).message,
            w.listHeading(mine: false, search: name), w.listHeading(mine: true, search: name),
            w.listTitle(mine: false, search: name, page: number), w.listTitle(mine: true, search: "", page: number),
            w.showing(first: number, last: number, total: number),
            w.showing(first: 1, last: number, total: number + 1, inAll: number + 2), w.showing(first: number, last: number, total: number, range: true),
            w.showing(first: number, last: number, total: number, inAll: number + 1),
            w.changeUntil(name, now: w.price(Decimal(number), currency: "KRW"), back: w.price(0, currency: "KRW"), end: digits, batch: number),
            w.emptyList(search: name, page: 1, mine: false, filtered: false), w.emptyList(search: "", page: number, mine: true, filtered: false),
            w.emptyList(search: "", page: 1, mine: false, filtered: true), w.emptyList(search: "", page: 1, mine: true, filtered: false),
            w.emptyList(search: "", page: 1, mine: true, filtered: false, mayAdd: false),
            w.pageLabel(number), w.perPageOption(number),
            w.imageAlt(name, number: number, total: number + 1),
            w.imageLink(number: number, total: number + 1),
            w.soldBy(name),
            w.deleteQuestion(name),
            w.deleteTitle(name),
            w.deleteKeeps(days: number), w.deleteKeeps(days: nil),
            w.vendorRefused(name, owner: w.owner(name: name, vendorID: number), action: .register).message,
            w.vendorRefused(name, owner: w.owner(name: "", vendorID: number), action: .delete).message,
        ]
        for refusal in [ImageProblem.notJPEGOrPNG, .tooLarge(bytes: number * 1024), .damaged(format: "PNG"), .tooMany, .busy, .unavailable] {
            texts.append(w.imageRefused(name, refusal))
            texts.append(w.imageRefused(nil, refusal))
        }
        for action in [Wording.WriteAction.register, .save, .delete] {
            texts += [w.marketFailed(action, said: name).heading, w.marketFailed(action, said: name).message]
            texts += [w.marketFailed(action, said: nil).message, w.marketRefused(action).message]
            let outcome = w.outcomeUnknown(action)
            texts += [outcome.heading, outcome.message, outcome.advice, outcome.checkLabel]
        }
        for action in [nil, .save, .delete] as [Wording.WriteAction?] {
            texts.append(w.productInBin(name, day: w.day("2026-11-28"), time: LocalTime.clockWithZone(Date(), zone: zone), keptUntil: w.day("2026-12-28"), action: action).message)
        }
        texts.append(w.checkedLater)
        texts += history(w, name: name, number: number) + trash(w, name: name, number: number)
        texts += accounts(w, name: name, number: number)
        texts += prices(w, name: name, number: number)
        texts += batches(w, name: name, number: number)
        texts += sheet(w, name: name, number: number)
        texts += schedules(w, number: number)
        for reason in CatalogError.Code.allCases {
            texts += [w.countFailure(reason), w.catalogNotCounted(reason).message]
            texts += [w.countFailed(age: age, reason, haveFigures: true), w.countFailed(age: age, reason, haveFigures: false)]
            texts.append(w.myListNotice(outdated: false, failure: reason, loadedAt: LocalTime.clockWithZone(Date(), zone: zone)) ?? "")
        }
        return texts
    }

    /// The history's texts (`Wording+History.swift`).
    static func history(_ w: Wording, name: String, number: Int) -> [String] {
        var texts = [
            w.historyHeading(product: nil, name: nil), w.historyHeading(product: number, name: name),
            w.historyHeading(product: number, name: nil), w.historyIntro(days: number),
            w.showingEntries(first: 1, last: number, total: number), w.historyEmpty(page: 1), w.historyEmpty(page: number),
            w.productNumber(number), w.entryNumber(number), w.batchLink(number), w.undoes(entry: number),
            w.undoneBy(entry: number), w.undoneBy(entry: nil), w.entryBy(name), w.entryBy(nil), w.historyEmpty(by: name, page: 1),
            w.historyEmpty(by: name, page: number), w.undoLabel(entry: number), w.notRecorded(number),
            w.putBackAtScheduledEnd, ] + WriteKind.allCases.compactMap(w.entryKindNotMade) + [w.undoBatch(number), w.undone(name), w.historyUnreadable.heading, w.historyUnreadable.message,
            w.undoOutcomeUnknown.heading, w.undoOutcomeUnknown.message, w.undoOutcomeUnknown.advice,
        ]
        for kind in WriteKind.allCases {
            texts += [w.entryKind(kind, note: nil), w.entryKind(kind, note: .appeared), w.entryKind(kind, note: .disappeared)]
        }
        let fields = [
            RecordedFields(name: name, description: name, price: Decimal(number), currency: "KRW", discountedPrice: 0, stock: number),
            RecordedFields(name: name, description: String(repeating: name, count: 300), price: Decimal(number) / 100, currency: "USD"),
        ]
        for field in RecordedFields.Field.allCases {
            texts.append(w.fieldName(field))
            texts += fields.map { w.fieldValue(field, of: $0) }
        }
        func entry(_ outcome: JournalEntry.Outcome, note: JournalEntry.Note? = nil, failure: WriteError? = nil) -> JournalEntry {
            JournalEntry(
                id: number, at: Date(timeIntervalSince1970: Double(number) * 60), kind: .edit, productID: number, productName: name,
                cause: nil, before: nil, fieldsAfter: nil, outcome: outcome, failure: failure, note: note)
        }
        var entries = [
            entry(.pending), entry(.done), entry(.done, note: .confirmedByCount), entry(.unknown), entry(.unknown, note: .interrupted),
            entry(.failed),
        ]
        for code in WriteError.Code.allCases {
            entries += [entry(.failed, failure: WriteError(code: code)), entry(.failed, failure: WriteError(code: code, marketMessage: name))]
        }
        // Lost creates checked with the market: one product found that may be it, and several.
        for found in [[number], [number, number + 1]] {
            var checked = entry(.unknown)
            checked.kind = .create
            checked.sentAt = checked.at
            checked.checkedAt = checked.at
            checked.found = found
            entries.append(checked)
        }
        texts += entries.compactMap(w.entryOutcome)
        let refusals: [Wording.UndoRefusal] = [
            .noSuchEntry(number), .notAnEdit(entry: number, kind: .delete), .notAnEdit(entry: number, kind: .create),
            .notDone(entry: number, outcome: .failed), .notDone(entry: number, outcome: .unknown),
            .alreadyUndone(entry: number, by: number + 1), .inProgress(entry: number), .nothingToUndo(entry: number),
            .productGone(name: name, id: number, inBin: true), .productGone(name: name, id: number, inBin: false), .notYours(name: name),
            .changedSince(name: name, field: .price, now: String(number), left: String(number + 1)), .formExpired,
        ]
        for refusal in refusals {
            texts += [w.undoRefused(refusal).heading, w.undoRefused(refusal).message]
        }
        for reason in [WriteError.Code.imagesNotKept, .journalUnavailable] {
            texts += [w.writeNotSent(reason).heading, w.writeNotSent(reason).message]
        }
        return texts
    }

    /// The sign-in and account pages' texts (`Wording+Accounts.swift`).
    static func accounts(_ w: Wording, name: String, number: Int) -> [String] {
        let zone = TimeZone(identifier: "Asia/Seoul") ?? .gmt
        var texts = [w.passwordHint, w.signInWait(until: LocalTime.clockWithZone(Date(timeIntervalSince1970: Double(number) * 61), zone: zone))]
        texts += PasswordProblem.Code.allCases.map { w.passwordProblem($0) } + AccountNameProblem.Code.allCases.map { w.nameProblem($0) }
        for role in Role.allCases {
            texts += [w.roleName(role), w.accountAdded(name, role: role), w.roleChanged(name, to: role)]
        }
        texts += [w.passwordWasReset(name), w.accountDisabled(name), w.accountEnabled(name)]
        texts += [w.accountEventsIntro(days: number), w.showingEvents(first: 1, last: number, total: number + 1), w.showingEvents(first: 1, last: 1, total: 1)]
        for kind in AccountEvent.Kind.allCases {
            for (before, after) in [(Role.viewer, Role.owner), (.owner, .editor)] as [(Role?, Role?)] + [(nil, nil)] {
                texts.append(w.accountEvent(kind, before: before, after: after))
            }
            texts += [w.eventActor(kind, actor: nil), w.eventActor(kind, actor: name)]
        }
        return texts
    }

    /// A product's price history's texts (`Wording+Prices.swift`).
    static func prices(_ w: Wording, name: String, number: Int) -> [String] {
        let zone = TimeZone(identifier: "Asia/Seoul") ?? .gmt
        let at = LocalTime.timestamp(Date(timeIntervalSince1970: Double(number) * 86_400), zone: zone, w)
        let after = LocalTime.timestamp(Date(timeIntervalSince1970: Double(number) * 86_000), zone: zone, w)
        var texts = [
            w.priceHistoryHeading(name, id: number),
            w.priceChartTitle(name, from: w.day("2026-11-01"), to: w.day("2026-11-28"), count: number, now: w.price(Decimal(number), currency: "KRW")),
            w.pricesKnownFrom(at, days: number, until: after), w.pricesUnreadable.heading, w.pricesUnreadable.message,
            w.pricesOfAnotherSeller(name, id: number).heading, w.pricesOfAnotherSeller(name, id: number).message,
        ]
        for source in PriceState.Source.allCases {
            texts += [w.priceSource(source), w.priceFrom(at: at, seenAfter: nil, source: source), w.priceFrom(at: at, seenAfter: after, source: source)]
        }
        return texts + references(w, number: number) + pastPrices(w, name: name, number: number) + saleReferences(w, number: number)
    }

    /// An on-sale product's reference on its page, the overview's figure and the list's filter.
    static func saleReferences(_ w: Wording, number: Int) -> [String] {
        [
            w.lowestBeforeSale(w.price(Decimal(number), currency: "KRW"), days: number), w.metric(.salesAboveReference(number)),
            w.aboveReferenceFilter(days: number), w.aboveReferenceChip(days: number),
        ]
    }

    /// A sale's check against its reference price, every case (`ReferenceText.swift`).
    static func references(_ w: Wording, number: Int) -> [String] {
        let text = ReferenceText(
            price: 30_000, discount: 9_000, currency: "KRW", days: number, zone: TimeZone(identifier: "Asia/Seoul") ?? .gmt, wording: w)
        let checks: [ReferenceCheck] = [
            .ok(reference: 30_000), .above(reference: 24_000, trueDiscount: 0.125), .above(reference: 20_000, trueDiscount: -0.05),
            .insufficient(knownFrom: Date(timeIntervalSince1970: Double(number) * 86_400)), .insufficient(knownFrom: nil),
        ]
        let money = w.price(Decimal(number), currency: "KRW")
        let direct = [
            w.referenceOK(money, days: number),
            w.referenceAbove(shown: money, reference: money, salePrice: money, days: number, trueDiscount: "12.5%", shownDiscount: "30%"),
            w.referenceOffer(money, salePrice: money), w.referenceInsufficient(knownFrom: nil, days: number),
            // A batch page's count, its button and what the button did (`Wording+References.swift`).
            w.referenceAboveCount(number, days: number), w.referenceOfferAll(number), w.referenceOfferDone(number), w.referenceOfferNone,
        ]
        return direct + checks.flatMap { check -> [String] in
            let context = text.context(check)
            return [context["text"], context["offer"]?["label"]].compactMap { $0?.interpolated }
        }
    }

    /// The import of past prices' texts (`Wording+PastPrices.swift`).
    static func pastPrices(_ w: Wording, name: String, number: Int) -> [String] {
        let zone = TimeZone(identifier: "America/New_York") ?? .gmt
        let at = LocalTime.timestamp(Date(timeIntervalSince1970: Double(number) * 86_400), zone: zone, w)
        let gap = PastPriceTime.Gap(day: LocalTime.DateAndTime(year: 2026, month: 3, day: 8, hour: 2, minute: 30), from: "02:00", to: "03:00")
        let problems: [PastPriceProblem] = [
            .badID(name), .badDate(name), .badDate(""), .timeInGap(name, gap), .notANumber(.price, name), .notANumber(.price, ""),
            .notANumber(.discount, name), .decimals(.price, name, .krw), .decimals(.discount, name, .usd), .negative(.price, name),
            .negative(.discount, name), .discountAbovePrice(name), .unknownProduct(number), .otherVendor(number),
            .notBeforeFirstSeen(Date(timeIntervalSince1970: Double(number) * 86_400)), .inFuture, .duplicate,
        ]
        var texts = problems.map { w.pastPriceProblem($0, zone: zone) }
        let files: [Wording.PastPriceFileProblem] = [
            .stale, .noFile, .notMultipart, .noLines, .noKnownColumn("“\(name)”"), .missingColumns("“\(name)”"),
            .tooManyRows(limit: number), .csvTooLarge(limit: w.bytes(number * 1024)), .requestTooLarge(limit: w.bytes(number * 1024 * 1024)),
        ]
        texts += files.map { w.pastPriceFileProblem($0) }
        texts += ImportedPriceCSV.Column.allCases.map { w.pastPriceColumnMeaning($0) }
        texts += [
            w.pastPriceLimits(rows: number, csvBytes: number * 1024), w.pastPriceRepeatedTime(at),
            w.pastPricesSummary(total: number + 1, pending: number, refused: 1), w.pastPricesAddButton(number),
            // Every line can be added, or none can.
            w.pastPricesSummary(total: number + 1, pending: number + 1, refused: 0), w.pastPricesSummary(total: number + 1, pending: 0, refused: number + 1),
            w.pastPricesAdded(number, products: number), w.pastPricesAdded(0, products: 0), w.pastPricesAddedOf(name, id: number, count: number),
            w.pastPriceRefusedSincePreview(line: number, w.pastPriceProblem(.duplicate, zone: zone)), w.pastPriceProduct(number),
            w.pastPricesGone.heading, w.pastPricesGone.message,
        ]
        return texts
    }

    /// The recycle bin's texts (`Wording+Trash.swift`).
    static func trash(_ w: Wording, name: String, number: Int) -> [String] {
        [
            w.trashIntro(days: number, budget: number * 1024 * 1024, used: number * 1000), w.bytes(number), w.bytes(number * 4096),
            w.showingItems(first: 1, last: number, total: number), w.deletedAt, w.wasProduct(number), w.picturesKept(number),
            w.picturesRemoved, w.deleteNotConfirmed, w.restoredAs(number), w.restoreLabel(name), w.forgetLabel(name),
            w.removeFromTrashLabel(name), w.notAffected(number), w.forgetQuestion(name), w.forgetWarning,
            w.removedFromTrash(name, restoredAs: number),
            w.restored(name, as: number + 1, was: number), w.alreadyRestored(name, as: number), w.forgotten(name),
            w.notInTrash(days: number).heading, w.notInTrash(days: number).message,
            w.trashFormExpired.heading, w.trashFormExpired.message, w.trashUnreadable.heading, w.trashUnreadable.message,
            w.restoreWithoutPictures.heading, w.restoreWithoutPictures.message,
        ] + restoreRefusals(w, name: name, number: number)
    }

    /// A restore whose kept details break the market's rules: a short description alone, and
    /// several fields.
    static func restoreRefusals(_ w: Wording, name: String, number: Int) -> [String] {
        var short = FieldErrors()
        short.add(.description, .descriptionLength(number % 10))
        var several = FieldErrors()
        several.add(.description, .descriptionMissing)
        several.add(.price, .priceNotPositive)
        several.add(.stock, .stockNegative)
        return [w.restoreHeading(name)] + [short, several].flatMap { [w.restoreRefused($0).heading, w.restoreRefused($0).message] }
    }

    /// The schedules' times (`Wording+Schedules.swift`): seconds to years ahead of and behind
    /// a fixed now (Thursday 26 November 2026, 09:00 in Seoul), how late a change ran, and a time
    /// that cannot be used.
    static func schedules(_ w: Wording, number: Int) -> [String] {
        let seoul = TimeZone(identifier: "Asia/Seoul") ?? .gmt
        let newYork = TimeZone(identifier: "America/New_York") ?? .gmt
        let now = Date(timeIntervalSince1970: 1_795_651_200)
        var texts: [String] = []
        for seconds in [30, number * 60, number * 3600, number * 86_400, number * 86_400 * 300] {
            for date in [now.addingTimeInterval(TimeInterval(seconds)), now.addingTimeInterval(TimeInterval(-seconds))] {
                texts += [w.scheduleTime(date, now: now, zone: seoul), w.scheduleTime(date, now: now, zone: newYork)]
                texts.append(w.scheduleShortTime(date, zone: seoul))
            }
            texts.append(w.lateness(TimeInterval(seconds)))
        }
        let skipped = LocalTime.DateAndTime(year: 2026, month: 3, day: 8, hour: 2, minute: number % 60)
        texts += [w.localTimeProblem(.notATime, zone: seoul), w.localTimeProblem(.nonexistent(skipped), zone: newYork)]
        // The schedule's own texts: the form's answers, the states, the list and product lines.
        let start = now.addingTimeInterval(TimeInterval(number * 3600))
        let end = start.addingTimeInterval(TimeInterval(number * 86_400))
        for endsAt in [end, nil] {
            texts.append(w.scheduleWindow(Batch.Schedule(startsAt: start, endsAt: endsAt), now: now, zone: seoul))
            texts.append(w.scheduled(start, until: endsAt, now: now, zone: seoul))
            texts.append(w.endMoved(endsAt, now: now, zone: seoul))
            texts.append(w.scheduledChange(w.cellLabel(.price, product: "x"), from: "1", to: "2", start: start, end: endsAt, zone: seoul, batch: 3))
        }
        texts += [w.unscheduled, w.endedNow, w.revertedBy(number), w.scheduleNeedsRunning(oneTime: true), w.scheduleNeedsRunning(oneTime: false), w.scheduleNoEnd]
        texts += [w.scheduleMoment(start, now: now, zone: seoul), w.koreanPastStep(start, now: now, zone: seoul, verb: "시작했습니다")]
        texts += [w.scheduleSpan(start, start.addingTimeInterval(600), zone: seoul), w.scheduleSpan(start, end, zone: newYork)]
        // A start in the hour New York's clocks show twice (1 November 2026, 01:30 EDT).
        let twice = Date(timeIntervalSince1970: 1_793_511_000)
        texts.append(w.scheduled(twice, until: nil, now: now, zone: newYork))
        for zone in [seoul, newYork, TimeZone(identifier: "UTC") ?? .gmt] { texts.append(w.scheduleZoneHint(zone, at: now)) }
        texts += [w.upcomingStep(batch: number, ends: false, time: "a"), w.upcomingStep(batch: number, ends: true, time: "b")]
        let problems: [ScheduleForm.Problem] = [
            .startMissing, .time(field: "starts_at", .notATime), .time(field: "ends_at", .nonexistent(skipped)), .startPassed, .endPassed,
            .endNotAfterStart, .tooFarAhead, .endTooFarAhead, .endNeedsEdits,
        ]
        for problem in problems { texts.append(w.scheduleProblem(problem, now: now, zone: seoul).message) }
        for state in Batch.State.allCases {
            let text = w.scheduleNotNow(Batch(id: number, kind: .bulk, state: state, createdAt: now, action: nil, source: "", notes: []))
            texts += [text.heading, text.message]
        }
        for endsAt in [end, nil] {
            let window = Batch.Schedule(startsAt: start, endsAt: endsAt)
            texts.append(w.scheduleOverlap(batch: number, product: "x", field: w.fieldLabel(.discountedPrice), window: window, zone: seoul))
        }
        // Each state a scheduled batch shows, on time and late.
        let late = TimeInterval(number * 600 + 120)
        let schedules: [(Batch.State, Batch.Schedule)] = [
            (.scheduled, Batch.Schedule(startsAt: start, endsAt: end)),
            (.missed, Batch.Schedule(startsAt: start, endsAt: end)),
            (.running, Batch.Schedule(startsAt: start, endsAt: end, startedAt: start)),
            (.running, Batch.Schedule(startsAt: start, endsAt: end, startedAt: start.addingTimeInterval(late))),
            (.finished, Batch.Schedule(startsAt: start, endsAt: end, startedAt: start, endedAt: end)),
            (.finished, Batch.Schedule(startsAt: start, endsAt: end, startedAt: start, endedAt: end.addingTimeInterval(late))),
            (.finished, Batch.Schedule(startsAt: start, endsAt: nil, startedAt: start)),
            (.finished, Batch.Schedule(startsAt: start.addingTimeInterval(-late), endsAt: now.addingTimeInterval(-30), startedAt: start, endedAt: now)),
        ]
        for (state, schedule) in schedules {
            let batch = Batch(
                id: number, kind: .bulk, state: state, createdAt: now, action: nil, source: "", notes: [], schedule: schedule)
            texts += w.scheduleStatus(batch, now: now, zone: seoul)
        }
        return texts
    }

    /// The batches' and the import's texts (`Wording+Batches.swift`, `Wording+Import.swift`).
    /// The sheet's texts (`Wording+Sheet.swift`) and the batch texts it brings.
    static func sheet(_ w: Wording, name: String, number: Int) -> [String] {
        var texts = [w.sheetTitle, w.cellsChanged(0), w.cellsChanged(number), w.sheetLeaveWarning, w.sheetUnchanged]
        texts += SheetPlanner.fields.map { w.cellLabel($0, product: name) }
        texts += [w.sheetTooLarge.heading, w.sheetTooLarge.message, w.sheetExpired.heading, w.sheetExpired.message, w.openPreview]
        texts.append(w.sheetProblem(name, w.message(.stockNegative)))
        texts.append(w.stashedImage(name, size: number * 1000))
        for list in [Wording.SheetList(search: "", mine: false, filtered: false), .init(search: name, mine: true, filtered: true), .init(search: "", mine: true, filtered: true)] {
            for (page, mine) in [(1, false), (number, true), (1, true)] {
                texts += [w.sheetIntro(count: number, list: list, page: page, mine: mine), w.sheetIntro(count: 1, list: list, page: page, mine: mine)]
                texts += [w.sheetEmpty(list: list, page: page, mine: mine, narrowed: true), w.sheetEmpty(list: list, page: page, mine: mine, narrowed: false)]
            }
        }
        for reason in [SheetPage.LeftOut.deleted, .notOwn] { texts += [w.sheetRowLeftOut(reason, name: name), w.sheetRowLeftOutNote(reason)] }
        let price = RecordedFields(price: Decimal(number), currency: "KRW")
        texts += [w.marketValue(price), w.fieldLeftAlone(name, now: w.marketValue(price)), w.productNumbers([number, number + 1])]
        texts.append(w.fieldLeftAlone(name, now: w.marketValue(price), undoing: number))
        texts.append(w.batchWarning(.changedSinceOpened(price)))
        return texts
    }

    static func batches(_ w: Wording, name: String, number: Int) -> [String] {
        let bulk: [BulkProblem] = [
            .noAction, .notANumber, .negative, .stockWhole, .stockTooHigh, .percentOver100, .cutTooDeep, .nothingSelected, .tooMany(limit: number),
        ]
        var texts = bulk.map(w.bulkProblem) + [w.bulkProblemHeading]
        texts += [
            w.batchPeople(madeBy: name, appliedBy: nil, scheduled: false), w.batchPeople(madeBy: name, appliedBy: name, scheduled: false),
            w.batchPeople(madeBy: nil, appliedBy: name, scheduled: true), w.batchPeople(madeBy: name, appliedBy: name, scheduled: true),
            // Made by one account, applied or scheduled by another (lower case: no capital to check).
            w.batchPeople(madeBy: nil, appliedBy: name, scheduled: false), w.batchPeople(madeBy: name, appliedBy: "sora", scheduled: false),
            w.batchPeople(madeBy: name, appliedBy: "sora", scheduled: true),
        ].compactMap { $0 }
        let problems: [BatchProblem] = [
            .notFound(id: number), .notOwn, .badID(name), .tooManyImages(number), .imageNotUploaded(name),
        ]
        texts += problems.map { w.batchProblem($0) } + problems.map { w.batchProblem($0, applied: true) }
        let warnings: [BatchWarning] = [
            .priceJump(percent: number, up: true), .priceJump(percent: number, up: false), .deepDiscount(percent: number),
            .duplicateName, .duplicateInFile(line: number),
        ]
        texts += warnings.map(w.batchWarning)
        let made = Date(timeIntervalSince1970: Double(number) * 86_400)
        for kind in [Batch.Kind.bulk, .import, .undo, .sheet] {
            let action = kind == .bulk ? BatchAction(kind: .priceAdjust, value: Decimal(-number), unit: .percent) : nil
            let batch = Batch(id: number, kind: kind, state: .preview, createdAt: made, action: action, source: name, notes: [])
            texts.append(w.batchTitle(batch))
        }
        for kind in BatchAction.Kind.allCases {
            texts += [
                w.actionText(BatchAction(kind: kind, value: Decimal(number), unit: .amount)),
                w.actionText(BatchAction(kind: kind, value: Decimal(number), unit: .percent)),
                w.actionText(BatchAction(kind: kind, value: 0, unit: .amount)),
                w.actionText(BatchAction(kind: kind, value: Decimal(-number), unit: .amount)),
                w.actionText(BatchAction(kind: kind, value: Decimal(-number), unit: .percent)),
                w.bulkActionLabel(kind),
            ]
            for currency in [Currency.krw, .usd] {
                texts += [
                    w.actionText(BatchAction(kind: kind, value: Decimal(number), unit: .amount, currency: currency)),
                    w.actionText(BatchAction(kind: kind, value: Decimal(-number), unit: .amount, currency: currency)),
                ]
            }
        }
        let selections = [[CurrencyCount(.krw, number), CurrencyCount(.usd, 1)], [CurrencyCount(.usd, 1), CurrencyCount(.krw, 1), CurrencyCount(Currency(rawValue: "EUR"), number)]]
        for counts in selections {
            texts += [BatchAction.Kind.priceSet, .priceAdjust, .discountSet].map { w.bulkProblem(.mixedCurrencies(counts, $0)) }
            texts.append(w.currencyCounts(counts))
        }
        texts += BatchAction.Kind.allCases.map { w.bulkProblem(.percentNotTaken($0)) } + [w.onlyCurrency(.krw), w.onlyCurrency(.usd)]
        texts += [w.batchProblem(.stockBelowZero(stock: number, taken: number + 3)), w.batchProblem(.stockBelowZero(stock: 0, taken: 1))]
        var counts = BatchCounts()
        for status in BatchRow.Status.allCases { counts.byStatus[status] = number }
        counts.pendingEdits = number
        var deletesOnly = BatchCounts()
        deletesOnly.byStatus[.pending] = number
        deletesOnly.pendingDeletes = number
        var createsOnly = BatchCounts()
        createsOnly.byStatus[.pending] = number
        createsOnly.pendingCreates = number
        texts.append(w.batchMade(LocalTime.timestamp(made, zone: TimeZone(identifier: "Asia/Seoul") ?? .gmt, w)))
        var failed = BatchCounts()
        failed.add(number, .failed, .edit, failure: .refused)
        var done = BatchCounts()
        done.add(number, .done, .edit)
        done.add(number, .done, .delete)
        let zone = TimeZone(identifier: "Asia/Seoul") ?? .gmt
        let window = Batch.Schedule(startsAt: made, endsAt: made.addingTimeInterval(86_400), startedAt: made)
        var reverted = window
        reverted.revertID = number + 1
        for state in Batch.State.allCases {
            for schedule in [nil, window, reverted] {
                let batch = Batch(id: number, kind: .bulk, state: state, createdAt: made, action: nil, source: "", notes: [], schedule: schedule)
                for shown in [counts, BatchCounts(), failed, done, deletesOnly, createsOnly] {
                    texts.append(w.batchState(batch, counts: shown, zone: zone))
                    texts.append(w.batchState(batch, counts: shown, zone: zone))
                    texts.append(w.batchState(batch, counts: shown, zone: zone, brief: true))
                }
                for status in BatchRow.Status.allCases {
                    texts += [w.statusFilter(status, count: number, state: state, counts: counts), w.statusFilter(status, count: number, state: state, counts: done)]
                }
                texts.append(w.statusFilter(nil, count: number, state: state, counts: counts))
                for status in BatchRow.Status.allCases {
                    for operation in [BatchRow.Operation.edit, .create, .delete] {
                        for failure in [WriteError.Code.changedElsewhere, .notFound] {
                            let row = BatchRow(
                                number: 1, productID: number, operation: operation, status: status, name: name, currency: "KRW",
                                before: RecordedFields(), after: RecordedFields(), failure: WriteError(code: failure))
                            texts += [w.rowStatus(row, state: state, undoing: nil), w.rowStatus(row, state: state, undoing: number), w.rowStatus(row, state: state, undoing: nil, putBack: true)]
                        }
                    }
                }
            }
        }
        texts += [BatchRow.Operation.edit, .create, .delete].compactMap(w.rowOperation)
        let failures: [WriteError.Code] = [
            .refused, .notFound, .unauthorized, .invalid, .unreachable, .unknown, .changedElsewhere, .journalUnavailable, .imagesNotKept,
        ]
        texts += failures.map { w.rowFailure($0, undoing: nil) } + failures.map { w.rowFailure($0, undoing: number) }
        texts += failures.map { w.rowFailure($0, undoing: nil, retry: w.retryLabel(number)) }
        texts += [w.undoneBy(number, putBack: number, of: number + 1), w.missedWhileOff(1), w.missedWhileOff(number)]
        texts += ProductField.allCases.map(w.fieldLabel)
        texts += [
            w.unnamedRow, w.fileRow(number), w.applyLabel(counts), w.applyLabel(deletesOnly), w.applyLabel(createsOnly),
            w.deleteWarning(number, binDays: number), w.deleteWarning(1, binDays: number), w.nothingToApply(kind: .bulk), w.nothingToApply(kind: .import),
            w.applyHint(leftOut: 0), w.applyHint(leftOut: 1), w.applyHint(leftOut: number), w.retryLabel(number), w.undoLabel(number),
            w.undoneBy(number), w.undoWaiting(number), w.againLabel, w.againHint, w.againImport, w.openBatch(number),
            w.alreadyUndone(number, by: number + 1).heading, w.alreadyUndone(number, by: number + 1).message,
            w.fieldNotChanged(undoing: false), w.fieldNotChanged(undoing: true), w.stockAmount(number),
            w.batchProgress(done: number, of: number + 1), w.batchRowsEmpty(filtered: true), w.batchRowsEmpty(filtered: false),
            w.batchRowsCaption(shown: number, page: 1, lastPage: 1), w.batchRowsCaption(shown: number, page: 1, lastPage: number + 1),
            w.batchesKept(days: number), w.batchNotFound(keptDays: number).heading, w.batchNotFound(keptDays: number).message,
            w.batchStorageFailed.heading, w.batchStorageFailed.message, w.backToBatches, w.errorTitle(name), w.importLimits, w.importTooLargeAdvice,
            w.selectProduct(name),
        ]
        let flashes: [Wording.BatchFlash] = [
            .stale, .listFromBeforeRestart, .listUnproven, .discarded, .nothingToRetry, .nothingToUndo, .madeAgain(from: number), .retried(1, at: "09:00 KST"), .retried(number, at: "09:00 KST"),
        ]
        texts += flashes.map(w.batchFlash)
        for offered in [true, false] { texts += w.undoNotes(done, offered: offered, binDays: number) }
        for state in Batch.State.allCases {
            for drawn in [nil] + Batch.State.allCases {
                let text = w.batchChanged(Batch(id: number, kind: .bulk, state: state, createdAt: made, action: nil, source: "", notes: []), drawn: drawn)
                texts += [text.heading, text.message]
            }
        }
        let imports: [Wording.ImportProblem] = [
            .stale, .noFile, .notMultipart, .tooManyRows(limit: number), .noKnownColumn(name),
            .csvTooLarge(limit: w.bytes(number * 1024 * 1024)), .requestTooLarge(limit: w.bytes(number * 1024 * 1024)),
        ]
        texts += imports.map(w.importProblem)
        let csv: [CSVProblem] = [
            .utf16, .notUTF8, .binary, .workbook, .empty, .unclosedQuote(line: number), .tooManyRows(limit: number),
            .tooManyColumns(limit: number, line: number), .cellTooLong(limit: number, line: number),
        ]
        texts += csv.map(w.csvProblem)
        texts += [w.importNote(.computed([name])), w.importNote(.unrecognised([name, name])), w.importNote(.repeated([name]))]
        texts += [w.note(BatchNote(.sentence(en: name, ko: name)))]
        // An import's problems with the cell they quote (empty too), for every field and both
        // currencies, and row problems before and after the batch was applied.
        let fieldProblems: [FieldProblem] = [
            .nameMissing, .nameLength(number), .descriptionMissing, .descriptionLength(number), .currency, .priceMissing, .priceNotPositive,
            .priceTooHigh, .discountNegative, .discountOverPrice, .priceUnderDiscount(Decimal(number)), .stockTooHigh, .stockNegative,
            .stockNotWhole, .notANumber, .krwWhole, .usdCents, .imagesMissing,
        ]
        for field in ProductField.allCases {
            for problem in fieldProblems {
                for cell in [name, ""] {
                    for currency in ["KRW", "USD", "EUR"] {
                        texts.append(w.rowProblem(BatchNote.field(problem, on: field, cell: cell), currency: currency, applied: false))
                    }
                }
            }
        }
        for problem in problems + [.stockBelowZero(stock: number, taken: number + 3)] {
            for applied in [false, true] { texts.append(w.rowProblem(BatchNote.row(problem), currency: "KRW", applied: applied)) }
        }
        texts += ProductCSV.Column.allCases.map(w.columnMeaning)
        return texts
    }

    /// The texts that take neither a name nor a number.
    static func plain(_ w: Wording) -> [String] {
        var texts = fixed(w)
        for text in [
            w.marketSlow, w.marketUnexpected, w.marketFoundNothing, w.marketRejectedCredentials, w.marketSlowOnWrite, w.marketDown(product: true), w.marketDown(product: false),
            w.productNotLoaded(.save, opening: false), w.productNotLoaded(.delete, opening: false),
            w.productNotLoaded(.save, opening: true), w.productNotLoaded(.delete, opening: true), w.imageNotFound, w.otherSite, w.changeUnknown, w.formExpired(.register), w.formExpired(.save), w.formExpired(.delete),
            w.marketUnreachable, w.vendorUnknown, w.formUnreadable(.unsupportedType), w.formUnreadable(.noBoundary),
            w.formUnreadable(.multipart(.missingFinalBoundary)),
            w.editNotSaved(.timeout), w.editNotSaved(.unreachable), w.editNotSaved(.malformedResponse("not JSON")),
            w.credentialsRefused(.register), w.credentialsRefused(.save), w.credentialsRefused(.delete), w.deleteNotDone,
            w.formAlreadySent(.register), w.formAlreadySent(.save), w.sheetAlreadySent, w.nothingToSendHere,
        ] + CatalogError.Code.allCases.map(w.vendorUnknown) {
            texts += [text.heading, text.message]
        }
        texts.append(w.staleCause)
        texts += [w.staleCause(.register), w.staleCause(.save), w.staleCause(.delete)]
        let reasons: [ProductListQuery.Ignored.Code] = [
            .needsCurrency, .notANumber(.krw), .notANumber(.usd), .negative, .tooManyDecimals(.krw), .tooManyDecimals(.usd), .tooLarge,
            .belowMinimum(.krw, low: 50_000, high: 1_000), .belowMinimum(.usd, low: Decimal(string: "12.5") ?? 12, high: 10),
        ]
        for name in ["min_price", "max_price"] {
            texts += reasons.map { w.ignoredNote([.init(name: "sort", code: .unrecognisedValue), .init(name: name, code: $0)]) }
        }
        texts += CatalogSort.allCases.map { w.sortLabel($0) }
        texts += CatalogFilter.Stock.allCases.map { w.stockFilterLabel($0, threshold: 5) }
        texts += [w.currencyName("KRW"), w.currencyName("USD"), w.onSaleChip, w.currencyOrder, w.tooLargeToAdd]
        texts += [w.submitLabel(edit: true), w.submitLabel(edit: false), w.ownerLabel(mine: true), w.ownerLabel(mine: false)]
        texts += ProductListQuery.View.allCases.map { w.viewLabel($0) }
        texts += [w.myListNotice(outdated: true, failure: nil, loadedAt: "16:09 KST") ?? ""] + CatalogSort.allCases.map(w.sortHint)
        texts += [w.flash(.registered), w.flash(.updated), w.flash(.nothingChanged), w.flash(.alreadyDeleted)]
        texts += [w.metric(.products), w.metric(.soldOut), w.metric(.onSale), w.metric(.itemsInStock)]
        let uploads: [Wording.Upload] = [.productImages, .importFile, .sheet, .other]
        texts += uploads.map(w.tooLargeAdvice) + uploads.compactMap { w.tooLargeBack($0)?.label }
        for age in ages {
            texts += [w.age(age), w.when(age), w.staleNotice(age: age, failed: true), w.countFailed(age: age, .timeout, haveFigures: false)]
        }
        for message in [FieldProblem.nameMissing, .descriptionMissing, .currency, .priceMissing, .priceNotPositive, .priceTooHigh,
            .discountNegative, .discountOverPrice, .stockTooHigh, .stockNegative, .stockNotWhole, .notANumber, .krwWhole, .usdCents,
            .imagesMissing, .imageExpired, .thumbnailChoice]
        {
            texts.append(w.message(message))
            for field in [ProductField.price, .discountedPrice, .stock] {
                texts += [nil, Currency.krw, .usd, Currency(rawValue: "EUR")].map { w.message(message, on: field, currency: $0) }
            }
        }
        texts.append(w.messages([.notANumber, .priceTooHigh], on: .price, currency: .krw))
        for status in [400, 403, 404, 405, 408, 413, 414, 421, 431, 500, 501, 503, 505] {
            for upload in uploads {
                texts += [w.serverHeading(HTTPStatus(rawValue: status), upload: upload), w.serverMessage(HTTPStatus(rawValue: status), upload: upload)]
            }
        }
        for permission in Permission.allCases {
            for signedIn in [true, false] {
                for changing in [true, false] {
                    let refused = w.refused(permission, signedIn: signedIn, changing: changing)
                    texts += [refused.heading, refused.message]
                }
            }
        }
        return texts
    }

    /// Every text of `w` with every sample name and number.
    static func everything(_ w: Wording) -> [(text: String, name: String)] {
        var texts = plain(w).map { ($0, "") }
        for (index, name) in names.enumerated() {
            texts += all(w, name: name, number: numbers[index % numbers.count]).map { ($0, name) }
        }
        return texts
    }
}
