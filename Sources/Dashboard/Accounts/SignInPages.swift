import DashboardEngine
import Foundation
import HTTPServer
import Templating

/// `GET`/`POST /sign-in`, `POST /sign-in/setup` and `POST /sign-out`: open to anyone.
///
/// A sign-in answers an unknown name, a wrong password and a disabled account alike (401, the
/// one message, the name typed kept and the password never): the store does the same work for
/// each. After too many failures the form says, in the dashboard's zone, when the next try is
/// allowed (429). A success starts a new session, sets `om_session` and leads to `next` when it
/// is a path on this site, else to the products.
///
/// `?setup=TOKEN` while no owner exists shows the first owner's form instead; its post creates
/// the owner with the token start-up wrote to the log, signs in, and leads to `/accounts`. A
/// token used, past its hour or from before a restart gets 410 and how to get a new one.
///
/// Nothing here logs a password, a session id or a token.
struct SignInPages: Sendable {
    let accounts: AccountStore
    let renderer: PageRenderer
    let flash: FlashMessages
    /// The engine's clock: "now" when a refusal to wait names no time of its own.
    let clock: any WallClock
    let csrf = CSRFGuard()

    static let nameField = "name"
    static let passwordField = "password"
    static let passwordAgainField = "password_again"
    static let nextField = "next"
    static let setupField = "setup"
    /// Where a sign-in leads without a usable `next`.
    static let home = "/products"

    /// `GET /sign-in`: the sign-in form, or the first owner's form with `?setup=TOKEN` while
    /// no owner exists.
    func signInPage(_ context: RequestContext) -> HTTPResponse {
        let next = Self.localNext(context.request.queryValue(Self.nextField))
        if let token = context.request.queryValue(Self.setupField), !token.isEmpty {
            switch Result(catching: { () throws(DatabaseError) in try accounts.hasOwner() }) {
            case .success(false): return setupForm(token: token, name: "", problem: nil, status: .ok, context)
            case .success(true): return signInForm(name: "", next: next, problem: context.wording[.setupDoneMessage], status: .ok, context)
            case .failure(let error): return unreadable(error, context)
            }
        }
        return signInForm(name: "", next: next, problem: nil, status: .ok, context)
    }

    /// `POST /sign-in`: 303 to `next` with a new session, or the form again (401, 429).
    func signIn(_ context: RequestContext) async -> HTTPResponse {
        let submission: FormSubmission
        do {
            submission = try renderer.readPost(context)
        } catch {
            return error.response
        }
        let name = submission.value(Self.nameField) ?? ""
        let next = Self.localNext(submission.value(Self.nextField))
        guard csrf.tokenMatches(context.request, submitted: submission.value(CSRFGuard.fieldName)) else {
            return signInForm(name: name, next: next, problem: context.wording[.accountsFormExpired], status: .forbidden, context)
        }
        let password = submission.value(Self.passwordField) ?? ""
        do {
            let signedIn = try await accounts.signIn(name: name, password: password, address: context.clientAddress)
            var response = HTTPResponse.redirect(to: next ?? Self.home, status: .seeOther)
            response.headers.add("Set-Cookie", SessionCookie.set(signedIn.sessionID, secure: context.cameOverHTTPS))
            response.headers["Cache-Control"] = "no-store"
            return response
        } catch let refusal as SignInRefusal {
            let wording = context.wording
            switch refusal.code {
            case .tooManyTries:
                let wait = wording.signInWait(until: Self.time(refusal.nextTryAt ?? clock.now(), zone: context.settings.timeZone))
                return signInForm(name: name, next: next, problem: wait, status: .tooManyRequests, context)
            case .wrongNameOrPassword:
                var problem = wording[.wrongNameOrPassword]
                if let nextTry = refusal.nextTryAt {
                    problem += " " + wording.signInWait(until: Self.time(nextTry, zone: context.settings.timeZone))
                }
                return signInForm(name: name, next: next, problem: problem, status: .unauthorized, context)
            }
        } catch {
            return unreadable(error, context)
        }
    }

    /// `POST /sign-in/setup`: the first owner, signed in, 303 to `/accounts`; the form again
    /// (422) for a name or password that cannot be used; 410 for a token that no longer works.
    func completeSetup(_ context: RequestContext) async -> HTTPResponse {
        let submission: FormSubmission
        do {
            submission = try renderer.readPost(context)
        } catch {
            return error.response
        }
        let wording = context.wording
        let token = submission.value(Self.setupField) ?? ""
        let name = submission.value(Self.nameField) ?? ""
        guard csrf.tokenMatches(context.request, submitted: submission.value(CSRFGuard.fieldName)) else {
            return setupForm(token: token, name: name, problem: wording[.accountsFormExpired], status: .forbidden, context)
        }
        let password = submission.value(Self.passwordField) ?? ""
        guard password == submission.value(Self.passwordAgainField) else {
            return setupForm(token: token, name: name, problem: wording[.passwordsDiffer], status: .unprocessableContent, context)
        }
        do {
            let owner = try await accounts.completeSetup(token: token, name: name, password: password, address: context.clientAddress)
            let sessionID = try accounts.start(owner.id, signingIn: context.clientAddress)
            var response = HTTPResponse.redirect(to: "/accounts", status: .seeOther)
            response.headers.add("Set-Cookie", SessionCookie.set(sessionID, secure: context.cameOverHTTPS))
            response.headers["Cache-Control"] = "no-store"
            return response
        } catch let refusal as SetupRefusal {
            if refusal.code == .ownerExists {
                return renderer.error(
                    .conflict, heading: wording[.setupDoneHeading], message: wording[.setupDoneMessage], retryHref: nil,
                    next: ("/sign-in", wording[.signInHeading]), for: context)
            }
            return renderer.error(
                .gone, heading: wording[.setupGoneHeading], message: wording[.setupGoneMessage], retryHref: nil, for: context)
        } catch {
            guard let (status, problem) = AccountPages.explain(error, context) else { return unreadable(error, context) }
            return setupForm(token: token, name: name, problem: problem, status: status, context)
        }
    }

    /// `POST /sign-out`: the session ends, the cookie goes, 303 to `/sign-in`.
    func signOut(_ context: RequestContext) -> HTTPResponse {
        let submission: FormSubmission
        do {
            submission = try renderer.readPost(context)
        } catch {
            return error.response
        }
        guard csrf.tokenMatches(context.request, submitted: submission.value(CSRFGuard.fieldName)) else {
            return Self.formExpired(renderer, context)
        }
        if let id = SessionCookie.id(context.request) {
            do {
                try accounts.end(id, address: context.clientAddress)
            } catch {
                return unreadable(error, context)
            }
        }
        return Self.signedOut(context, flash: flash, saying: .signedOutFlash)
    }

    /// 303 to the sign-in form, the session cookie removed, and the form then says `message`
    /// (that the sign-out happened: the form alone looks as if nothing did).
    static func signedOut(_ context: RequestContext, flash: FlashMessages, saying message: AccountsText) -> HTTPResponse {
        var response = HTTPResponse.redirect(to: "/sign-in", status: .seeOther)
        flash.attach(context.wording[message], to: &response)
        response.headers.add("Set-Cookie", SessionCookie.clear(secure: context.cameOverHTTPS))
        response.headers["Cache-Control"] = "no-store"
        return response
    }

    // MARK: Forms

    private func signInForm(name: String, next: String?, problem: String?, status: HTTPStatus, _ context: RequestContext) -> HTTPResponse {
        var values: TemplateObject = [
            "title": .string(context.wording[.signInHeading]), "name": .string(name), "csrfToken": .string(context.formToken.value),
        ]
        if let next { values["next"] = .string(next) }
        if let problem { values["problem"] = .string(problem) }
        return renderer.formsPage("accounts/sign-in", values, flash: flash, status: status, for: context)
    }

    private func setupForm(token: String, name: String, problem: String?, status: HTTPStatus, _ context: RequestContext) -> HTTPResponse {
        var values: TemplateObject = [
            "title": .string(context.wording[.setupHeading]), "name": .string(name), "setupToken": .string(token),
            "csrfToken": .string(context.formToken.value), "passwordHint": .string(context.wording.passwordHint),
        ]
        if let problem { values["problem"] = .string(problem) }
        // The language links keep the token, so that a person who opened the setup address in
        // the other language can switch and still set up the owner. It is the address they
        // already have: the links show it to no one else.
        values["languagePath"] = .string("/sign-in?setup=" + URLEncodedForm.encode(token))
        return renderer.formsPage("accounts/setup", values, flash: flash, status: status, for: context)
    }

    private func unreadable(_ error: any Error, _ context: RequestContext) -> HTTPResponse {
        Self.unreadable(error, renderer, context)
    }

    /// 500: the accounts could not be read or written (the error logged: it holds no secret).
    static func unreadable(_ error: any Error, _ renderer: PageRenderer, _ context: RequestContext) -> HTTPResponse {
        renderer.logger.log(.error, "accounts: the database could not be used: \(error)")
        let wording = context.wording
        return renderer.error(
            .internalServerError, heading: wording[.accountsUnreadableHeading], message: wording[.accountsUnreadable],
            retryHref: nil, for: context)
    }

    /// 403: a form without this browser's token (an old page, or another site's).
    static func formExpired(_ renderer: PageRenderer, _ context: RequestContext) -> HTTPResponse {
        let wording = context.wording
        return renderer.error(.forbidden, heading: wording[.nothingDone], message: wording[.accountsFormExpired], retryHref: nil, for: context)
    }

    // MARK: Helpers

    /// `next` when it is a path on this site (`/…`, never `//…`), else nil.
    static func localNext(_ next: String?) -> String? {
        BackLink.localPath(next)
    }

    /// "14:02:35 KST": the time with seconds (a wait may be a second), in `zone`, named.
    static func time(_ date: Date, zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
        let clock = String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
        return "\(clock) \(LocalTime.zoneLabel(zone, at: date))"
    }
}
