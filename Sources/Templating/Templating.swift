// The Templating module.
