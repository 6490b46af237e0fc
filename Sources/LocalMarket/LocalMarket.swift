// The LocalMarket module.
