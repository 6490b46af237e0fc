import DashboardEngine
import Templating

extension Batch {
    /// The hidden fields every form acting on a batch carries (`batch_id`, `batch_revision`,
    /// `batch_state`, through the `batches/drawn` partial): the batch and the revision the page
    /// was drawn at, so a post from a page drawn before a change acts on nothing. The batch page
    /// and the history's whole-batch Undo both draw them.
    var drawnFields: TemplateObject {
        ["id": TemplateValue(id), "revision": TemplateValue(revision), "state": .string(state.rawValue)]
    }
}
