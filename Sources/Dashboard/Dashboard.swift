// The Dashboard module.
