import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPaths } from "#domain/api-paths.ts";
import type { AvatarUploadDto, MeDto, ProfileDto, ProfileSetupInput } from "#domain/profile.ts";
import { apiSend } from "#web/lib/api-client.ts";
import { apiUpload } from "#web/lib/api-upload.ts";
import { meQuery } from "#web/lib/session.tsx";

/** PUT /api/profile; the answer replaces the profile in ["me"] so every screen sees it at once. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileSetupInput) => apiSend<ProfileDto>("PUT", apiPaths.profile, input),
    onSuccess: (profile) => {
      queryClient.setQueryData<MeDto>(meQuery.queryKey, (me) => (me ? { ...me, profile } : me));
      void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
    },
  });
}

/** POST /api/profile/avatar: the stored picture's address, to be saved with the profile. */
export function uploadAvatar(file: File, onProgress: (percent: number) => void) {
  return apiUpload<AvatarUploadDto>(apiPaths.avatar, file, onProgress);
}
