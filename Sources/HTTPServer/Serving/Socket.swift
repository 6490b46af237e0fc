import Glibc

/// Thin, EINTR-safe wrappers over the Glibc socket calls the server needs.
enum Socket {
    struct Failure: Error, CustomStringConvertible {
        var call: String
        var code: Int32
        var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
    }

    /// A listening socket and the address it is bound to.
    struct Listener: Sendable {
        let fd: Int32
        let address: String
        let port: Int
    }

    /// Binds and listens on every address `host` resolves to (both loopbacks for `localhost`),
    /// all on the same port; port 0 takes the kernel's choice for the first and reuses it.
    static func listen(host: String, port: Int, backlog: Int32 = 1024) throws -> [Listener] {
        // RFC 6761 §6.3: `localhost` is the loopback whatever /etc/hosts says (many containers
        // map it to 127.0.0.1 only). ::1 joins on the same port where the machine has it.
        if host.lowercased() == "localhost" {
            let v4 = try listen(host: "127.0.0.1", port: port, backlog: backlog)
            let v6 = (try? listen(host: "::1", port: v4[0].port, backlog: backlog)) ?? []
            return v4 + v6
        }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        let lookupHost = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        var list: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(lookupHost, String(port), &hints, &list)
        guard rc == 0, let first = list else {
            throw Failure(call: "resolving \(host) (\(String(cString: gai_strerror(rc))))", code: 0)
        }
        defer { freeaddrinfo(first) }

        var listeners: [Listener] = []
        var boundPort = port
        var seen: Set<String> = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            guard let addr = info.pointee.ai_addr else { continue }
            var storage = sockaddr_storage()
            withUnsafeMutableBytes(of: &storage) { dst in
                dst.copyMemory(from: UnsafeRawBufferPointer(start: addr, count: Int(info.pointee.ai_addrlen)))
            }
            setPort(&storage, boundPort)
            let text = describe(&storage)
            guard seen.insert(text).inserted else { continue }
            do {
                let listener = try bindOne(&storage, length: info.pointee.ai_addrlen, family: info.pointee.ai_family, backlog: backlog)
                boundPort = listener.port
                listeners.append(listener)
            } catch {
                listeners.forEach { close($0.fd) }
                throw error
            }
        }
        guard !listeners.isEmpty else { throw Failure(call: "resolving \(host): no address", code: 0) }
        return listeners
    }

    private static func bindOne(_ storage: inout sockaddr_storage, length: socklen_t, family: Int32, backlog: Int32) throws -> Listener {
        let fd = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(call: "socket", code: errno) }
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        if family == AF_INET6 {
            // Each family gets its own socket, so `localhost` can hold 127.0.0.1 and ::1 at once.
            setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &on, socklen_t(MemoryLayout<Int32>.size))
        }
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0 else {
            let code = errno
            close(fd)
            throw Failure(call: "bind \(describe(&storage))", code: code)
        }
        guard Glibc.listen(fd, backlog) == 0 else {
            let code = errno
            close(fd)
            throw Failure(call: "listen", code: code)
        }
        var actual = sockaddr_storage()
        var actualLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(fd, $0, &actualLength) }
        }
        return Listener(fd: fd, address: describe(&actual), port: port(of: &actual))
    }

    static func setPort(_ storage: inout sockaddr_storage, _ port: Int) {
        let networkPort = in_port_t(UInt16(truncatingIfNeeded: port)).bigEndian
        withUnsafeMutablePointer(to: &storage) { pointer in
            switch Int32(pointer.pointee.ss_family) {
            case AF_INET: pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_port = networkPort }
            case AF_INET6: pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_port = networkPort }
            default: break
            }
        }
    }

    static func port(of storage: inout sockaddr_storage) -> Int {
        withUnsafePointer(to: &storage) { pointer in
            switch Int32(pointer.pointee.ss_family) {
            case AF_INET: pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
            case AF_INET6: pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            default: 0
            }
        }
    }

    /// `127.0.0.1:8080` or `[::1]:8080`.
    static func describe(_ storage: inout sockaddr_storage) -> String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let family = Int32(storage.ss_family)
        let port = port(of: &storage)
        withUnsafePointer(to: &storage) { pointer in
            switch family {
            case AF_INET:
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                    var address = $0.pointee.sin_addr
                    _ = inet_ntop(AF_INET, &address, &text, socklen_t(text.count))
                }
            case AF_INET6:
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    var address = $0.pointee.sin6_addr
                    _ = inet_ntop(AF_INET6, &address, &text, socklen_t(text.count))
                }
            default: break
            }
        }
        let host = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return family == AF_INET6 ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    static func setOption(_ fd: Int32, _ level: Int32, _ name: Int32, _ value: Int32) {
        var v = value
        setsockopt(fd, level, name, &v, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Milliseconds on the monotonic clock.
    static func now() -> Int {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return ts.tv_sec * 1000 + ts.tv_nsec / 1_000_000
    }
}

extension Duration {
    var milliseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}
