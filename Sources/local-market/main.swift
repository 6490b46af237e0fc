print("local-market: not yet")
