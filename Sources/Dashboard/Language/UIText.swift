/// The fixed texts every page shares, by the key templates name them with
/// (`{{t.sold_out}}`): the site's name, the navigation, the footer, and the words of many
/// pages. A page's own fixed texts are a `PageTexts` type in its folder.
///
/// The texts are Swift tables, not JSON files: an exhaustive `switch` per language makes a
/// key missing in one language a compile error (not a start-up failure), texts with numbers
/// or names are typed functions (`Wording`), and a lookup costs nothing. The app turns them
/// into one template object per language once (`TemplateTexts`).
enum UIText: String, PageTexts {
    case siteName = "site_name"
    case skipToContent = "skip_to_content"
    case siteNav = "site_nav"
    case navProducts = "nav_products"
    case navOverview = "nav_overview"
    case navRegister = "nav_register"
    case footerText = "footer_text"
    case languageNav = "language_nav"
    case footerNav = "footer_nav"
    case tryAgain = "try_again"
    case backToProducts = "back_to_products"
    case backToProduct = "back_to_product"
    case perPage = "per_page"
    case registerProduct = "register_product"
    case paginationNav = "pagination_nav"
    case previous = "previous"
    case next = "next"
    case soldOut = "sold_out"
    case registered = "registered"
    case updated = "updated"
    case edit = "edit"
    case delete = "delete"
    case keepIt = "keep_it"
    case errorPrefix = "error_prefix"
    case nameLabel = "name_label"
    case descriptionLabel = "description_label"
    case currencyLabel = "currency_label"
    case priceLabel = "price_label"
    case discountLabel = "discount_label"
    case stockLabel = "stock_label"
    case imagesLegend = "images_legend"
    case thumbnail = "thumbnail"
    case countingReload = "counting_reload"
    case navHistory = "nav_history"
    /// The "outcome unknown" page's link to the history, where the check's finding is written.
    case seeHistory = "see_history"
    case navTrash = "nav_trash"
    case backToHistory = "back_to_history"
    case undo = "undo"
    case restore = "restore"
    case navBatches = "nav_batches"
    case navMyAccount = "nav_my_account"
    case signOut = "sign_out"
    case signInFirst = "sign_in_first"
    case bulkScopeMatching = "bulk_scope_matching"
    case unitAmount = "unit_amount"
    case unitPercent = "unit_percent"
    case columnSalePrice = "column_sale_price"
    case upcomingHeading = "upcoming_heading"
    /// Where a form was, for a viewer: why there is none, and who can change that.
    case viewOnly = "view_only"
}
