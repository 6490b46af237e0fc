import Foundation
import Glibc

/// A chromedriver child process on a free loopback port (`--port=0`; the port is read back from
/// its start-up line), ready for sessions. `stop()` must be called; `withChromeDriver` does.
final class ChromeDriverProcess: Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let port: Int
    private let process: ChildProcess

    private init(port: Int, process: ChildProcess) {
        self.port = port
        self.process = process
    }

    /// Starts chromedriver and waits (at most `timeout`) until `/status` says it is ready.
    /// chromedriver sometimes exits at start-up before reporting a port when many start at
    /// once on a busy machine (its `--port=0` pick can collide); a fresh process then starts
    /// fine, so up to three are tried before the test fails.
    static func start(executable: String, timeout: Duration = .seconds(30)) async throws -> ChromeDriverProcess {
        var attempt = 1
        while true {
            do {
                return try await startOnce(executable: executable, timeout: timeout)
            } catch let failure as Failure where failure.description.hasPrefix("chromedriver did not report its port") && attempt < 3 {
                attempt += 1
            }
        }
    }

    private static func startOnce(executable: String, timeout: Duration) async throws -> ChromeDriverProcess {
        let process = try ChildProcess(executable: executable, arguments: ["--port=0", "--log-level=SEVERE"])
        let port: Int
        do {
            port = try await readPort(from: process.output, timeout: timeout)
        } catch {
            await stop(process)
            throw error
        }
        let driver = ChromeDriverProcess(port: port, process: process)
        do {
            try await driver.waitUntilReady(timeout: timeout)
        } catch {
            await driver.stop()
            throw error
        }
        return driver
    }

    var isRunning: Bool { process.ending == nil }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Asks chromedriver to shut down (it ignores SIGTERM), then SIGKILL if it has not exited
    /// within two seconds.
    func stop() async {
        _ = try? await WebDriverWire.request(port: port, "GET", "/shutdown", json: nil, timeout: 2)
        await Self.stop(process)
    }

    private static func stop(_ process: ChildProcess) async {
        if await process.waitForEnd(patience: .seconds(2)) != nil { return }
        process.signal(SIGKILL)
        _ = await process.waitForEnd(patience: .seconds(60))
    }

    private func waitUntilReady(timeout: Duration) async throws {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let answer = try? await WebDriverWire.request(port: port, "GET", "/status", json: nil, timeout: 2),
                let object = try? JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any],
                let value = object["value"] as? [String: Any], value["ready"] as? Bool == true
            {
                return
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Failure(description: "chromedriver on port \(port) was not ready within \(timeout)")
    }

    /// Reads the child's stdout on its own thread (never Swift's shared pool) until the line
    /// "ChromeDriver was started successfully on port N.", then keeps draining it to EOF so the
    /// pipe never fills.
    private static func readPort(from fd: Int32, timeout: Duration) async throws -> Int {
        let seconds = Double(timeout.components.seconds)
        return try await withCheckedThrowingContinuation { continuation in
            Thread {
                let deadline = Date().addingTimeInterval(seconds)
                var seen: [UInt8] = []
                var chunk = [UInt8](repeating: 0, count: 4096)
                var resumed = false
                while true {
                    var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                    let wait = resumed ? -1 : Int32(max(0, deadline.timeIntervalSinceNow * 1000))
                    let ready = poll(&descriptor, 1, wait)
                    if ready < 0 && errno == EINTR { continue }
                    if ready == 0 { break }
                    let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                    if n < 0 && errno == EINTR { continue }
                    guard n > 0 else { break }
                    if resumed { continue }
                    seen += chunk[0..<n]
                    if let port = startedPort(in: seen) {
                        resumed = true
                        continuation.resume(returning: port)
                    }
                }
                if !resumed {
                    let text = String(decoding: seen, as: UTF8.self)
                    continuation.resume(throwing: Failure(description: "chromedriver did not report its port: \(text)"))
                }
            }.start()
        }
    }

    /// The N of "... on port N." once the whole line has arrived.
    static func startedPort(in bytes: [UInt8]) -> Int? {
        let marker = Array("started successfully on port ".utf8)
        guard bytes.count > marker.count,
            let start = (0...(bytes.count - marker.count)).first(where: { bytes[$0..<($0 + marker.count)].elementsEqual(marker) })
        else { return nil }
        let digits = bytes[(start + marker.count)...].prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        let afterDigits = start + marker.count + digits.count
        guard !digits.isEmpty, afterDigits < bytes.count else { return nil }
        return Int(String(decoding: digits, as: UTF8.self))
    }
}
