"""The answer: solved counts turned into the spec's answer, or why there is none."""
