//! `storage.k8s.io/v1` validation: [`StorageClass`](storage_class),
//! [`VolumeAttachment`](volume_attachment) and [`CSIDriver`](csi_driver),
//! each with the pair convention's `validate`, `prepare` and `SUBRESOURCES`.

pub mod csi_driver;
pub mod storage_class;
pub mod volume_attachment;
