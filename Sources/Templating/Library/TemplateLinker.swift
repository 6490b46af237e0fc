/// Resolves every `{{> name}}` to the partial's index and rejects missing partials and
/// partial cycles, so that rendering never looks a name up or fails on one.
struct TemplateLinker {
    var templates: [Template]
    let indexByName: [String: Int]

    func link() throws -> [Template] {
        var linked = templates
        for index in linked.indices {
            linked[index].nodes = try resolve(linked[index].nodes, in: linked[index])
        }
        try rejectCycles(in: linked)
        return linked
    }

    private func resolve(_ nodes: [TemplateNode], in template: Template) throws -> [TemplateNode] {
        try nodes.map { node in
            switch node {
            case .partial(var reference):
                guard let target = indexByName[reference.name] else {
                    throw TemplateError(.missingPartial(reference.name), at: template.location(of: reference.offset))
                }
                reference.target = target
                return .partial(reference)
            case .section(let path, let children, let inverted):
                return .section(path, children: try resolve(children, in: template), inverted: inverted)
            case .text, .lineStart, .variable:
                return node
            }
        }
    }

    // MARK: Cycles

    /// A partial reached again without passing through a (non-inverted) section would render
    /// forever whatever the data. Through a section it is the spec's recursion by data
    /// (`{{#children}}{{> node}}{{/children}}` over a finite tree), which stays allowed; render
    /// time caps the depth for the rare section that does not consume data (`true`).
    private func rejectCycles(in linked: [Template]) throws {
        var state = [VisitState](repeating: .unvisited, count: linked.count)
        var path: [(template: Int, reference: PartialReference)] = []

        func visit(_ index: Int) throws {
            state[index] = .inProgress
            for reference in unconditionalPartials(linked[index].nodes) {
                path.append((index, reference))
                switch state[reference.target] {
                case .inProgress:
                    let start = path.firstIndex { $0.template == reference.target } ?? 0
                    let names = path[start...].map { linked[$0.template].name } + [linked[reference.target].name]
                    throw TemplateError(.partialCycle(names), at: linked[index].location(of: reference.offset))
                case .unvisited:
                    try visit(reference.target)
                case .done:
                    break
                }
                path.removeLast()
            }
            state[index] = .done
        }

        for index in linked.indices where state[index] == .unvisited {
            try visit(index)
        }
    }

    private enum VisitState { case unvisited, inProgress, done }

    /// Partials rendered whenever the template is: outside sections, or inside inverted ones
    /// (which render only when the context stays the same).
    private func unconditionalPartials(_ nodes: [TemplateNode]) -> [PartialReference] {
        nodes.flatMap { node -> [PartialReference] in
            switch node {
            case .partial(let reference): [reference]
            case .section(_, let children, inverted: true): unconditionalPartials(children)
            case .section, .text, .lineStart, .variable: []
            }
        }
    }
}
