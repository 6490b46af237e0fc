import DashboardEngine
import Foundation
import Glibc
import Synchronization

/// `dashboard accounts add NAME --role viewer|editor|owner`: adds an account, or sets a new
/// password and the role of an existing one (a forgotten owner's password). It opens the
/// database of the data directory the other options name (`--data-dir`, `DASHBOARD_DATA_DIR`),
/// starts no server, and reads the password from standard input: asked twice without echo
/// on a terminal, one line from a pipe. It prints one line and answers the exit status (0, or
/// 2 for bad input).
public enum AccountsCommand {
    public static let usage = "Usage: dashboard accounts add NAME --role viewer|editor|owner [--data-dir DIR]"

    /// Runs the command with the arguments after `accounts`, on the calling thread (the
    /// program's, which has nothing else to do); the exit status.
    public static func run(arguments: [String], environment: [String: String]) -> Int32 {
        let status = Mutex<Int32>(2)
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                let line = try await perform(arguments: arguments, environment: environment, password: readPassword)
                print(line)
                status.withLock { $0 = 0 }
            } catch let error as ConfigurationError {
                FileHandle.standardError.write(Data("dashboard accounts: \(error.description)\n".utf8))
            } catch {
                FileHandle.standardError.write(Data("dashboard accounts: \(error)\n".utf8))
            }
            done.signal()
        }
        done.wait()
        return status.withLock { $0 }
    }

    /// The command without its input and output: the line it prints, or the line it fails with.
    static func perform(
        arguments: [String], environment: [String: String], password: () throws(ConfigurationError) -> String
    ) async throws(ConfigurationError) -> String {
        guard arguments.first == "add", arguments.count >= 2, !arguments[1].hasPrefix("-") else {
            throw .invalid(usage)
        }
        let name = arguments[1]
        var rest = Array(arguments.dropFirst(2))
        var role: Role?
        if let index = rest.firstIndex(where: { $0 == "--role" || $0.hasPrefix("--role=") }) {
            let given: String
            if rest[index].hasPrefix("--role=") {
                given = String(rest[index].dropFirst("--role=".count))
                rest.remove(at: index)
            } else {
                guard index + 1 < rest.count else { throw .invalid("--role needs a value: viewer, editor or owner") }
                given = rest[index + 1]
                rest.removeSubrange(index...(index + 1))
            }
            guard let known = Role(rawValue: given.lowercased()) else {
                throw .invalid("--role must be viewer, editor or owner, not \"\(given)\"")
            }
            role = known
        }
        guard let role else { throw .invalid("--role is needed: viewer, editor or owner (\(usage))") }
        let configuration = try DashboardConfiguration.parse(arguments: rest, environment: environment)
        let wanted: AccountName
        do {
            wanted = try AccountName(name)
        } catch {
            throw .invalid(Self.explain(error))
        }
        let secret = try password()
        if let problem = PasswordPolicy.problem(secret) { throw .invalid(Self.explain(problem)) }
        let store: AccountStore
        do {
            let clock = SystemWallClock()
            let database = try DashboardDatabase(directory: configuration.dataDirectory, migrations: Engine.migrations, clock: clock)
            store = AccountStore(database: database, clock: clock, hashing: configuration.passwordHashing, eventDays: configuration.historyDays)
        } catch {
            throw .invalid("cannot open the database in \(configuration.dataDirectory.path): \(error)")
        }
        do {
            // Names are compared without case, as the store compares them.
            if let existing = try store.accounts().first(where: { $0.name.lowercased() == wanted.text.lowercased() }) {
                try store.changeRole(existing.id, to: role)
                try await store.resetPassword(existing.id, to: secret)
                return "set a new password for \(existing.name), \(role.rawValue) (every session of the account ended)"
            }
            let added = try await store.add(name: name, password: secret, role: role)
            return "added \(added.name) as \(role.rawValue) in \(configuration.dataDirectory.path)"
        } catch let problem as AccountNameProblem {
            throw .invalid(explain(problem))
        } catch let problem as PasswordProblem {
            throw .invalid(explain(problem))
        } catch let refusal as AccountRefusal where refusal.code == .lastOwner {
            throw .invalid("\(name) is the last enabled owner: make another account owner first, then change this one's role")
        } catch {
            throw .invalid("could not change the accounts: \(error)")
        }
    }

    static func explain(_ problem: AccountNameProblem) -> String {
        switch problem.code {
        case .empty: "the name is empty: give the person's name, such as Mina"
        case .tooLong: "the name is longer than \(AccountName.maximumCharacters) characters: give a shorter one"
        case .controlCharacter: "the name holds a control character (a tab or a line break): type it again without one"
        case .taken: "another account has this name (names are compared without case): choose another"
        }
    }

    static func explain(_ problem: PasswordProblem) -> String {
        switch problem.code {
        case .tooShort: "the password is shorter than \(PasswordPolicy.minimumCharacters) characters: choose a longer one"
        case .tooLong: "the password is \(PasswordPolicy.byteLimit) bytes or longer: choose a shorter one"
        case .controlCharacter: "the password holds a control character: choose one without"
        }
    }

    /// The password from standard input: on a terminal, asked twice with echo off (the two
    /// must match); from a pipe or a file, its first line.
    static func readPassword() throws(ConfigurationError) -> String {
        guard isatty(0) == 1 else {
            guard let line = Swift.readLine(strippingNewline: true) else {
                throw .invalid("no password on standard input: pipe it in, or run the command in a terminal")
            }
            return line.hasSuffix("\r") ? String(line.dropLast()) : line
        }
        let first = try askWithoutEcho("Password: ")
        let second = try askWithoutEcho("Password again: ")
        guard first == second else { throw .invalid("the two passwords differ: run the command again") }
        return first
    }

    private static func askWithoutEcho(_ prompt: String) throws(ConfigurationError) -> String {
        FileHandle.standardError.write(Data(prompt.utf8))
        var saved = termios()
        tcgetattr(0, &saved)
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(0, TCSAFLUSH, &quiet)
        let line = Swift.readLine(strippingNewline: true)
        tcsetattr(0, TCSAFLUSH, &saved)
        FileHandle.standardError.write(Data("\n".utf8))
        guard let line else { throw .invalid("no password given") }
        return line
    }
}
