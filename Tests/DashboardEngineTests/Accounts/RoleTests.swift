import Testing

@testable import DashboardEngine

@Suite struct RoleTests {
    @Test func whatEachRoleMayDo() {
        #expect(!Role.viewer.mayWrite && !Role.viewer.mayAddOrRemove && !Role.viewer.mayManageAccounts)
        #expect(Role.editor.mayWrite && !Role.editor.mayAddOrRemove && !Role.editor.mayManageAccounts)
        #expect(Role.owner.mayWrite && Role.owner.mayAddOrRemove && Role.owner.mayManageAccounts)
        #expect(Role.allCases.map(\.rawValue) == ["viewer", "editor", "owner"])
        #expect(Role.viewer < .editor && Role.editor < .owner)
    }
}
