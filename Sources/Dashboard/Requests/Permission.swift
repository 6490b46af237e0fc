import DashboardEngine

/// What a route needs of the person asking when accounts are on; the route table gives every
/// route one (`DashboardApp.RouteTable`). With accounts off every route is open to whoever
/// reaches the dashboard, as the loopback rule keeps that to this machine.
enum Permission: String, Sendable, CaseIterable {
    /// Anyone, signed in or not: files, images, the health check, signing in and out.
    case open
    /// Any signed-in account: every page that shows and changes nothing.
    case read
    /// Editors and owners: changes to existing products (the edit form, bulk changes, the
    /// sheet, imports' previews, schedules, undo, a batch's buttons).
    case write
    /// Owners: anything that adds or removes a product (register, delete, restore, forget, a
    /// bulk delete, an import or sheet that adds, and applying such a preview).
    case addOrRemove
    /// Owners: the accounts.
    case manageAccounts

    /// Whether `account` may (nil: nobody signed in).
    func allows(_ account: SessionAccount?) -> Bool {
        switch self {
        case .open: true
        case .read: account != nil
        case .write: account?.role.mayWrite == true
        case .addOrRemove: account?.role.mayAddOrRemove == true
        case .manageAccounts: account?.role.mayManageAccounts == true
        }
    }
}

extension RequestContext {
    /// Whether the person asking may do what `permission` covers: always with accounts off.
    func may(_ permission: Permission) -> Bool {
        !accountsOn || permission.allows(account)
    }
}
