// The MarketClient module.
