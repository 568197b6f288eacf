import { Button, Group, Loader, Modal, Stack } from "@mantine/core";
import { IconMapPinPlus, IconPencil } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { apiPaths } from "#domain/api-paths.ts";
import type { LatLng } from "#domain/places.ts";
import type { RestaurantDto, RestaurantLocationInput } from "#domain/restaurant.ts";
import { restaurantLocationMessages } from "#domain/restaurant-rules.ts";
import { ApiRequestError, apiSend } from "#web/lib/api-client.ts";
import { restaurantKeys } from "#web/lib/query-keys.ts";
import { toast } from "#web/lib/toast.ts";

/**
 * The address field and the pin's map load with the dialog: only the place's creator and
 * moderators ever open it, and the restaurant page's first load stays without them.
 */
const LocationFields = lazy(() =>
  import("#web/components/location-fields.tsx").then(({ LocationFields }) => ({
    default: LocationFields,
  })),
);

function pinOf(restaurant: RestaurantDto): LatLng | null {
  return restaurant.latitude !== null && restaurant.longitude !== null
    ? { lat: restaurant.latitude, lng: restaurant.longitude }
    : null;
}

/**
 * "Add location" (or "Edit location") for the person who added the place and for moderators:
 * a dialog with its address and pin, saved together.
 */
export function LocationEditor({ restaurant }: { restaurant: RestaurantDto }) {
  const [opened, setOpened] = useState(false);
  const [address, setAddress] = useState(restaurant.address ?? "");
  const [pin, setPin] = useState<LatLng | null>(() => pinOf(restaurant));
  const [error, setError] = useState<string | undefined>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: RestaurantLocationInput) =>
      apiSend<RestaurantDto>("PUT", apiPaths.restaurantLocation(restaurant.id), body),
    onSuccess: (updated) => {
      queryClient.setQueryData(restaurantKeys.page(restaurant.id), updated);
      if (updated.slug) queryClient.setQueryData(restaurantKeys.page(updated.slug), updated);
      toast.success(restaurantLocationMessages.saved);
      setOpened(false);
    },
    onError: (failure) => {
      if (failure instanceof ApiRequestError && failure.status === 400) {
        setError(failure.message);
      } else {
        toast.error(restaurantLocationMessages.saveFailed, failure.message);
      }
    },
  });
  const hasLocation = restaurant.address !== null || pinOf(restaurant) !== null;

  function open() {
    setAddress(restaurant.address ?? "");
    setPin(pinOf(restaurant));
    setError(undefined);
    setOpened(true);
  }

  return (
    <>
      <Button
        variant="light"
        size="xs"
        leftSection={
          hasLocation ? (
            <IconPencil size={14} aria-hidden />
          ) : (
            <IconMapPinPlus size={16} aria-hidden />
          )
        }
        onClick={open}
      >
        {hasLocation ? restaurantLocationMessages.edit : restaurantLocationMessages.add}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={restaurantLocationMessages.dialogTitle}
        size="lg"
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate({ address, lat: pin?.lat ?? null, lng: pin?.lng ?? null });
          }}
        >
          <Stack gap="md">
            <Suspense fallback={<Loader size="sm" aria-label="Loading" />}>
              <LocationFields
                address={address}
                onAddressChange={(next) => {
                  setAddress(next);
                  setError(undefined);
                }}
                pin={pin}
                onPinChange={(next) => {
                  setPin(next);
                  setError(undefined);
                }}
                disabled={save.isPending}
                addressError={error}
              />
            </Suspense>
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                {restaurantLocationMessages.save}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
