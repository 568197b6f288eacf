// The Add chooser's post and deal dialogs, loaded together on first use (one request, one
// prefetch when the chooser opens).
export { CreateDealDialog } from "#web/features/deals/components/create-deal-dialog.tsx";
export { CreatePostDialog } from "#web/features/posts/components/create-post-dialog.tsx";
