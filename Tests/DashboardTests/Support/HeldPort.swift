import Glibc

/// A loopback port bound without listening: connecting there is refused at once, and no other
/// test's server can bind it while it is held. Stopping a server frees its port, and under a
/// parallel run another test's server may take that port at once and answer in its place;
/// holding it keeps "the market is down" true for the rest of the test.
enum HeldPort {
    /// The socket holding `port`, or nil when something else already has it.
    static func hold(_ port: Int) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var reuse: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = LoopbackSocket.loopback(port: port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            close(fd)
            return nil
        }
        return fd
    }
}
