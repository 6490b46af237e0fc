import Foundation
import Testing
import TestSupport

@testable import Dashboard

/// The `dashboard` executable and accounts: an address other machines reach refuses to start
/// without an owner (one line, exit 2), `dashboard accounts add` makes one from a piped
/// password, and `--accounts required` prints the first owner's setup address.
@Suite("Accounts at start-up", .serialized)
struct AccountsStartTests: ~Copyable {
    let root = TemporaryDirectory()

    deinit { root.remove() }

    @Test(DashboardProcess.isBuilt) func aHostOtherMachinesReach_withNoOwner_refusesToStart_inOneLine() async throws {
        let run = try await DashboardProcess.run(root: root.url, ["--host", "0.0.0.0", "--port", "0"])
        #expect(run.ending == .exited(2))
        let lines = run.errors.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(run.errors)")
        #expect(run.errors.contains("dashboard accounts add NAME --role owner"))
        #expect(run.errors.contains("--accounts required"))
        #expect(!run.output.contains("Listening on"))
    }

    @Test(DashboardProcess.isBuilt) func theSubcommand_addsAnOwner_thenTheHostStarts() async throws {
        let added = try await DashboardProcess.run(root: root.url, ["accounts", "add", "Mina", "--role", "owner"], input: "correct horse battery\n")
        #expect(added.ending == .exited(0), "\(added.errors)")
        #expect(added.output.split(separator: "\n").count == 1)
        #expect(added.output.contains("Mina") && added.output.contains("owner"))
        #expect(!added.output.contains("correct horse"))

        // The same name again resets the password and sets the role: still one owner, named once.
        let again = try await DashboardProcess.run(root: root.url, ["accounts", "add", "mina", "--role=owner"], input: "another long password\n")
        #expect(again.ending == .exited(0), "\(again.errors)")
        #expect(again.output.contains("new password"))

        let child = try await DashboardProcess.start(root: root.url, ["--host", "0.0.0.0"])
        defer { child.stop() }
        #expect(child.port > 0)
        #expect(await child.kill() != nil)
    }

    @Test(DashboardProcess.isBuilt, arguments: [
        (["accounts", "add", "Mina", "--role", "boss"], "correct horse battery\n", "--role must be viewer, editor or owner"),
        (["accounts", "add", "Mina"], "correct horse battery\n", "--role is needed"),
        (["accounts", "remove", "Mina"], "", "Usage: dashboard accounts add"),
        (["accounts", "add", "Mina", "--role", "editor"], "short\n", "shorter than 10 characters"),
        (["accounts", "add", "Mina", "--role", "editor"], "", "no password on standard input"),
        (["accounts", "add", "Mi\tna", "--role", "editor"], "correct horse battery\n", "control character"),
    ])
    func badInput_isOneLine_andExit2(arguments: [String], input: String, message: String) async throws {
        let run = try await DashboardProcess.run(root: root.url, arguments, input: input)
        #expect(run.ending == .exited(2))
        #expect(run.errors.split(separator: "\n").count == 1, "one line: \(run.errors)")
        #expect(run.errors.contains(message), "\(run.errors)")
        #expect(run.output.isEmpty)
    }

    @Test(DashboardProcess.isBuilt) func accountsRequired_printsTheSetupAddress_once() async throws {
        let child = try await DashboardProcess.start(root: root.url, ["--accounts", "required"])
        defer { child.stop() }
        let line = await child.child.readLine()
        let address = try #require(line.split(separator: " ").first(where: { $0.hasPrefix("http://") }), "\(line)")
        #expect(address.hasPrefix("http://127.0.0.1:\(child.port)/sign-in?setup="))
        let token = address.split(separator: "=").last.map(String.init) ?? ""
        #expect(token.count == 43)
        #expect(line.contains("hour"))
        #expect(await child.kill() != nil)
    }
}
