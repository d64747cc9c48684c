import Foundation

/// An HTTP request as the API sees it, whatever server carried it.
///
/// ```swift
/// let request = APIRequest(method: "GET", path: "/inApps/v1/transactions/7", authorization: "Bearer …")
/// let response = await server.respond(to: request)
/// ```
public struct APIRequest: Sendable {
    public var method: String
    /// The path alone, percent-encoded as it came.
    public var path: String
    /// The query's name and value pairs, decoded, in order; a name may repeat.
    public var query: [(name: String, value: String)]
    /// The `Authorization` header, if any.
    public var authorization: String?
    public var body: Data

    public init(
        method: String, path: String, query: [(name: String, value: String)] = [], authorization: String? = nil,
        body: Data = Data()
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.authorization = authorization
        self.body = body
    }

    /// Every value of the query parameter `name`.
    func values(_ name: String) -> [String] {
        query.filter { $0.name == name }.map(\.value)
    }

    /// The single value of `name`, nil when absent; `failure` when it is given more than once.
    func value(_ name: String, or failure: APIError) throws(APIError) -> String? {
        let all = values(name)
        guard all.count <= 1 else { throw failure }
        return all.first
    }
}

/// The API's answer: a status and a JSON body (empty for 401 and for 202 Accepted).
public struct APIResponse: Sendable {
    public var status: Int
    public var body: Data

    public init(status: Int, body: Data = Data()) {
        self.status = status
        self.body = body
    }

    /// 200 with `value` as JSON.
    static func ok(_ value: some Encodable) -> APIResponse {
        APIResponse(status: 200, body: APIJSON.encode(value))
    }

    /// Apple's error body for `error`.
    init(_ error: APIError) {
        struct Body: Encodable {
            let errorCode: Int
            let errorMessage: String
        }
        self.init(status: error.status, body: APIJSON.encode(Body(errorCode: error.code, errorMessage: error.message)))
    }

    /// 401: no body, no hint of what was wrong, as Apple answers.
    static let unauthorized = APIResponse(status: 401)
}

/// The one JSON encoder and decoder of the API: keys as declared, nil members left out.
enum APIJSON {
    static func encode(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every type encoded here is a plain struct of strings, numbers and arrays.
        return (try? encoder.encode(value)) ?? Data("{}".utf8)
    }

    /// `body` as `T`, or Apple's general bad request.
    static func decode<T: Decodable>(_ type: T.Type, from body: Data) throws(APIError) -> T {
        do {
            return try JSONDecoder().decode(type, from: body)
        } catch {
            throw .generalBadRequest
        }
    }
}
