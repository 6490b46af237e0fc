/// The plain start page, until the product pages take over `/`.
enum HomePage {
    static let html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Open Market dashboard</title>
        <link rel="stylesheet" href="/static/css/site.css">
        </head>
        <body>
        <main>
        <h1>Open Market dashboard</h1>
        <p>The dashboard is running. Product pages arrive at <a href="/products">/products</a>.</p>
        </main>
        </body>
        </html>

        """
}
