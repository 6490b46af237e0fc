// The byte-level parsers and message types (Sources/HTTPParsing, no C) are part of what this
// module offers: a handler that imports HTTPServer sees HTTPHeaders, HTTPStatus and the forms.
@_exported import HTTPParsing
