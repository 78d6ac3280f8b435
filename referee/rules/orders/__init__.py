"""Orders: the notation of the drafts, what each speed allows, and what an illegal order becomes."""
