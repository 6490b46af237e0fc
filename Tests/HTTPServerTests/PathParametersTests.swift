import HTTPServer
import Testing

/// A route's captured values: read, set and compared as a dictionary of them would be.
@Suite("Path parameters")
struct PathParametersTests {
    @Test func setting_addsReplacesAndRemoves() {
        var parameters = PathParameters()
        #expect(parameters.isEmpty && parameters["id"] == nil)
        parameters["id"] = "7"
        parameters["action"] = "edit"
        parameters["id"] = "8"
        #expect(parameters.count == 2)
        #expect(parameters["id"] == "8" && parameters["action"] == "edit")
        parameters["id"] = nil
        parameters["missing"] = nil
        #expect(parameters.dictionary == ["action": "edit"])
    }

    @Test func equality_ignoresOrder() {
        let a: PathParameters = ["id": "7", "action": "edit"]
        let b: PathParameters = ["action": "edit", "id": "7"]
        #expect(a == b)
        #expect(a != ["id": "7"])
        #expect(a == PathParameters(["id": "7", "action": "edit"]))
        #expect(PathParameters() == [:])
    }

    @Test func aRequest_readsItsParametersByName() {
        let request = HTTPRequest(method: .get, target: "/images/abc", pathParameters: ["key": "abc"])
        #expect(request.parameter("key") == "abc")
        #expect(request.parameter("Key") == nil)
    }
}
