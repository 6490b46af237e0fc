import MarketClient

/// Why a write was not done, or may not have been: a code, with the market's own words when
/// it gave some, worded in the reader's language when a page shows it. The history journal
/// and a batch's rows keep the code (`failure_code`, `batch_rows.failure`) under the same
/// names. `MarketError` is what a call to the market threw; this is what it means for the
/// write.
package struct WriteError: Error, Sendable, Equatable {
    package enum Code: String, Sendable, CaseIterable {
        /// The market refused (`marketMessage` has its words, when it gave some).
        case refused
        case notFound = "not-found"
        case unauthorized
        /// The market did not take the values, or the dashboard could not build the request.
        case invalid
        /// The market could not be reached, so nothing was sent (or a read failed).
        case unreachable
        /// Sent, but no usable answer came: it may have been done. Checked before it is sent
        /// again.
        case unknown
        /// The product's values differ from the preview's: not sent.
        case changedElsewhere = "changed-elsewhere"
        /// Not sent: the history journal could not record it (`WriteRefusal`).
        case journalUnavailable = "journal-unavailable"
        /// Not sent: a delete whose images the recycle bin could not keep (`WriteRefusal`).
        case imagesNotKept = "images-not-kept"
        /// Not sent: the dashboard was stopping (`WriteRefusal`).
        case stopping
        /// The answer was lost, and the market, read after the write's deadline, still holds
        /// what was there before: the write was not done (`OutcomeCheck`).
        case notApplied = "not-applied"
    }

    package var code: Code
    package var marketMessage: String?

    /// A code with the market's own words, if any, as a batch row or a history entry keeps it.
    package init(code: Code, marketMessage: String? = nil) {
        self.code = code
        self.marketMessage = marketMessage
    }

    /// A write's error as `MarketWriter` throws it. A write with no usable answer (a timeout,
    /// an answer that could not be read, any error that is not the market's) may have been
    /// done, so it is `unknown`; a write the dashboard refused to send says why.
    init(_ error: any Error) {
        if let refusal = error as? WriteRefusal {
            self.init(code: refusal.code)
            return
        }
        switch error as? MarketError {
        case .rejected(_, let message)?: self.init(code: .refused, marketMessage: message)
        case .notFound?: self.init(code: .notFound)
        case .unauthorized?: self.init(code: .unauthorized)
        case .invalidRequest?: self.init(code: .invalid)
        case .unreachable?: self.init(code: .unreachable)
        case .timeout?, .malformedResponse?, nil: self.init(code: .unknown)
        }
    }

    /// Whether the market may have done the write.
    var mayHaveBeenDone: Bool { code == .unknown }
}
