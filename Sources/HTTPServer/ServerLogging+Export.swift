// The logger (Sources/ServerLogging) is part of what a server is configured with
// (`ServerConfiguration.logger`): a module that imports HTTPServer sees ServerLogger and AccessLog.
@_exported import ServerLogging
