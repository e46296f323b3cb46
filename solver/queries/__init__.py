"""The queries: pay, a prepared board, castable, plan, available and keep."""
