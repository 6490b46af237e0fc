/// What an account may do. Stored by its raw value; the route table asks the three questions
/// below rather than comparing roles.
package enum Role: String, Sendable, CaseIterable, Comparable {
    /// Reads every page and the history; writes nothing.
    case viewer
    /// Changes the fields of existing products: the edit form, bulk changes other than delete,
    /// the sheet, imports that only change products, their schedules, undo of edits.
    case editor
    /// Everything an editor does, plus anything that adds or removes a product, and the accounts.
    case owner

    /// Edits of existing products (editor, owner).
    package var mayWrite: Bool { self != .viewer }

    /// Registering, deleting (one or in bulk), restoring from the bin, emptying it for good,
    /// imports that add products (owner).
    package var mayAddOrRemove: Bool { self == .owner }

    /// Adding accounts, changing their roles, resetting their passwords, disabling them (owner).
    package var mayManageAccounts: Bool { self == .owner }

    private var rank: Int {
        switch self {
        case .viewer: 0
        case .editor: 1
        case .owner: 2
        }
    }

    package static func < (lhs: Role, rhs: Role) -> Bool { lhs.rank < rhs.rank }
}
